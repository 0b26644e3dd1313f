import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { TEST_EVENT_TYPE } from '../../events/domain/event-type';
import { nextAttemptAt } from '../domain/retry-schedule';
import type { AttemptResult } from '../domain/webhook-delivery';
import { DISABLE_AFTER_FAILING_MS, WebhookEndpoint } from '../domain/webhook-endpoint';
import { signWebhook } from '../domain/webhook-secret';
import { RelayWebhookAttempts } from './relay-webhook-attempts.use-case';
import { SecretBox } from './secret-box';
import { AttemptOutcomeToRecord, AttemptToRun, WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { WebhookMeter } from './webhook-meter';
import { WebhookSender } from './webhook-sender';

export interface DeliveryTimings {
  /** A 2xx must come within this (10 s by the contract). */
  timeoutMs: number;
  /** Outcomes are recorded in one transaction once this many are waiting… */
  recordBatchSize: number;
  /** …or this long after the first of them ended. */
  recordDelayMs: number;
}

export const DELIVERY_TIMINGS = Symbol('DELIVERY_TIMINGS');

/** The connections a batch may use: one per attempt in flight, shared by every batch for the same endpoint. */
export interface DeliverySlots {
  /** Waits for a free slot; answers the function that frees it. */
  acquire(): Promise<() => void>;
  /** True once the process is stopping: no further attempt starts. */
  stopping(): boolean;
}

const DISABLED_ERROR = 'The endpoint is disabled.';

/**
 * Makes a batch of attempts to one endpoint: loads them (those still pending) and the endpoint once, signs each
 * event's body afresh (this attempt's timestamp, the endpoint's current secrets), POSTs them as slots free up, with
 * no database connection held, and records the outcomes in batches, each in one transaction with the attempts that
 * follow the failed ones. At least once: a crash between an answer and its record repeats the attempt. An attempt
 * for a disabled endpoint is recorded failed without being sent, and not retried; the test event is sent even then.
 * Answers how many attempts were left unstarted because the process is stopping (they stay pending).
 */
@Injectable()
export class DeliverWebhookAttempts {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly deliveries: WebhookDeliveries,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly sender: WebhookSender,
    private readonly secrets: SecretBox,
    private readonly relay: RelayWebhookAttempts,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly meter: WebhookMeter,
    @Inject(DELIVERY_TIMINGS) private readonly timings: DeliveryTimings,
  ) {}

  async execute(input: { endpointId: string; deliveryIds: readonly string[] }, slots: DeliverySlots): Promise<number> {
    const attempts = (await this.deliveries.findPendingAttempts(input.deliveryIds)).filter(
      (a) => a.delivery.endpointId === input.endpointId,
    );
    if (attempts.length === 0) return 0;
    const endpoint = await this.endpoints.findById(input.endpointId);
    if (!endpoint) return 0;

    const state = { enabled: endpoint.enabled };
    const outcomes = new OutcomeBuffer(
      this.timings,
      () => this.clock.now(),
      async (batch) => {
        // Disabled by these failures: the attempts not started yet are refused like any for a disabled endpoint.
        if (await this.record(endpoint, batch)) state.enabled = false;
      },
    );
    const opened = new Map<string, string>();
    const open = (sealed: string) => {
      let secret = opened.get(sealed);
      if (secret === undefined) opened.set(sealed, (secret = this.secrets.open(sealed)));
      return secret;
    };
    const running = new Set<Promise<void>>();
    let left = 0;
    for (const attempt of attempts) {
      const sendable = state.enabled || attempt.delivery.eventType === TEST_EVENT_TYPE;
      if (!sendable) {
        outcomes.add(attempt, { succeeded: false, responseStatus: null, error: DISABLED_ERROR, durationMs: 0 }, false);
        continue;
      }
      if (slots.stopping()) {
        left++;
        continue;
      }
      const release = await slots.acquire();
      if (slots.stopping()) {
        release();
        left++;
        continue;
      }
      const run = this.send(endpoint, attempt, open)
        .then((result) => outcomes.add(attempt, result, true))
        .finally(() => {
          release();
          running.delete(run);
        });
      running.add(run);
    }
    await Promise.all(running);
    await outcomes.flush();
    return left;
  }

  private send(
    endpoint: WebhookEndpoint,
    { delivery, body }: AttemptToRun,
    open: (sealed: string) => string,
  ): Promise<AttemptResult> {
    const startedAt = this.clock.now();
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const secrets = endpoint.signingSecrets(startedAt).map(open);
    return this.sender.send({
      url: endpoint.url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'attestation-service-webhooks/1',
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secrets, delivery.eventId, timestamp, body),
      },
      timeoutMs: this.timings.timeoutMs,
      allowPrivateNetworks: this.config.webhookAllowPrivateNetworks,
    });
  }

  /** One transaction: the outcomes, the attempts that follow, and what they say about the endpoint. */
  private async record(endpoint: WebhookEndpoint, batch: BufferedOutcome[]): Promise<boolean> {
    let disabled = false;
    let committed = new Set<string>();
    // Retries counted from the last of these attempts to end, not each from its own: attempts that failed together
    // are then due together and travel as one job, instead of one job each queuing for the endpoint's few job slots
    // (where a hanging endpoint's retries came seconds late). None is earlier than the schedule says.
    const endedAt = new Date(Math.max(...batch.map((b) => b.outcome.at.getTime())));
    await this.unitOfWork.run(async () => {
      const { recorded, next } = await this.deliveries.recordOutcomes(
        batch.map(({ outcome, sent }) => ({
          ...outcome,
          nextAttemptAt:
            outcome.result.succeeded || !sent
              ? null
              : nextAttemptAt(this.config.webhookRetrySchedule, outcome.delivery.attempt, endedAt),
        })),
      );
      // The endpoint's health, from the attempts sent and recorded here, in the order they ended.
      const sent = batch.filter((b) => b.sent && recorded.has(b.outcome.delivery.id)).map((b) => b.outcome);
      const lastSuccess = sent.map((o) => o.result.succeeded).lastIndexOf(true);
      const failuresAfter = sent.slice(lastSuccess + 1);
      if (lastSuccess >= 0 && failuresAfter.length === 0) await this.endpoints.recordSuccess(endpoint.id);
      if (failuresAfter.length > 0) {
        disabled = await this.endpoints.recordFailures(
          endpoint.id,
          {
            restartAt: lastSuccess >= 0 ? failuresAfter[0].at : null,
            firstAt: failuresAfter[0].at,
            lastAt: failuresAfter[failuresAfter.length - 1].at,
          },
          DISABLE_AFTER_FAILING_MS,
        );
      }
      if (next.length > 0) await this.unitOfWork.afterCommit(() => this.relay.soon(next));
      committed = recorded;
    });
    this.meter.attemptsRecorded(
      batch
        .filter((b) => committed.has(b.outcome.delivery.id))
        .map(({ outcome, sent }) => ({
          endpointId: endpoint.id,
          eventId: outcome.delivery.eventId,
          outcome: !sent ? 'not_sent' : outcome.result.succeeded ? 'succeeded' : 'failed',
          durationMs: outcome.result.durationMs,
        })),
    );
    return disabled;
  }
}

interface BufferedOutcome {
  outcome: AttemptOutcomeToRecord;
  /** Whether it was sent (not refused for a disabled endpoint): only those say something about its health. */
  sent: boolean;
}

/**
 * Outcomes waiting to be recorded: written in one transaction once `recordBatchSize` are waiting or
 * `recordDelayMs` after the first of them, one transaction at a time, so a slow endpoint's outcomes are not held
 * until its whole batch is done and a crash repeats few attempts.
 */
class OutcomeBuffer {
  private waiting: BufferedOutcome[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly timings: DeliveryTimings,
    private readonly now: () => Date,
    private readonly write: (batch: BufferedOutcome[]) => Promise<void>,
  ) {}

  add(attempt: AttemptToRun, result: AttemptResult, sent: boolean): void {
    this.waiting.push({ outcome: { delivery: attempt.delivery, result, at: this.now(), nextAttemptAt: null }, sent });
    if (this.waiting.length >= this.timings.recordBatchSize) this.drain();
    else this.timer ??= setTimeout(() => this.drain(), this.timings.recordDelayMs);
  }

  async flush(): Promise<void> {
    this.drain();
    await this.writing;
    if (this.failure) throw this.failure;
  }

  private drain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    this.writing = this.writing.then(async () => {
      try {
        await this.write(batch);
      } catch (error) {
        this.failure ??= error;
      }
    });
  }
}
