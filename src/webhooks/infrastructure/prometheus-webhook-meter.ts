import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { Clock, timeOfId } from '@lib/core';
import { METRIC_PREFIX, Metrics, withinMs } from '../../metrics/metrics';
import {
  MeteredAttempt,
  MeteredOutcome,
  WebhookBacklog,
  WebhookBacklogReading,
  WebhookMeter,
} from '../application/webhook-meter';

const SENT_OUTCOMES: readonly MeteredOutcome[] = ['succeeded', 'failed'];

/** The backlog's series, read at scrape time: name, help, and the figure of the scrape's one reading. */
const BACKLOG_SERIES: readonly (readonly [string, string, keyof WebhookBacklogReading])[] = [
  ['webhook_attempts_pending', 'Webhook attempts pending (scheduled, due or not, and not yet made).', 'pending'],
  [
    'webhook_oldest_pending_age_seconds',
    'How long the pending webhook attempt due longest ago has been due (0: none is late).',
    'oldestDueSeconds',
  ],
  [
    'event_oldest_undelivered_age_seconds',
    'Age of the oldest event not yet handed to the webhook endpoints: held back by an open transaction ' +
      '(see attest_event_watermark_lag_seconds) or waiting for the next fan-out pass.',
    'oldestUndeliveredEventSeconds',
  ],
  [
    'webhook_endpoints_failing',
    'Enabled webhook endpoints whose deliveries have all failed since their last success.',
    'failingEndpoints',
  ],
];

/**
 * The webhook series of the delivering process (the worker; the API in the embedded mode), on its registry:
 * attempts by outcome and endpoint, the exchanges' duration, the latency from an event to its delivery, and, read
 * at scrape time, the pending attempts, how late the oldest is, and the endpoints failing. `endpoint` is an
 * endpoint id: at most 20 per organization.
 */
@Injectable()
export class PrometheusWebhookMeter extends WebhookMeter {
  private readonly attempts: Counter<'outcome' | 'endpoint'>;
  private readonly exchanges: Histogram<'outcome'>;
  private readonly latency: Histogram;
  private reading: Promise<WebhookBacklogReading | null> | null = null;

  constructor(
    metrics: Metrics,
    private readonly backlog: WebhookBacklog,
    private readonly clock: Clock,
  ) {
    super();
    const registers = [metrics.registry];
    this.attempts = new Counter({
      name: `${METRIC_PREFIX}webhook_attempts_total`,
      help: 'Webhook attempts recorded, by outcome (succeeded, failed, not_sent: endpoint disabled) and endpoint id.',
      labelNames: ['outcome', 'endpoint'] as const,
      registers,
    });
    this.exchanges = new Histogram({
      name: `${METRIC_PREFIX}webhook_attempt_duration_seconds`,
      help: 'Duration of the HTTP exchange of each webhook attempt sent, by outcome.',
      labelNames: ['outcome'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.latency = new Histogram({
      name: `${METRIC_PREFIX}webhook_delivery_latency_seconds`,
      help: 'Time from an event being recorded to its successful delivery to an endpoint, retries included.',
      buckets: [0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 36000],
      registers,
    });
    // Known outcomes start at 0, so a dashboard's rate() has a series before the first attempt.
    for (const outcome of SENT_OUTCOMES) this.exchanges.zero({ outcome });
    const read = () => this.read();
    for (const [name, help, figure] of BACKLOG_SERIES) {
      new Gauge({
        name: `${METRIC_PREFIX}${name}`,
        help,
        registers,
        collect: async function () {
          const reading = await read();
          if (reading) this.set(reading[figure]);
          else this.reset();
        },
      });
    }
  }

  attemptsRecorded(attempts: readonly MeteredAttempt[]): void {
    const now = Date.now();
    for (const attempt of attempts) {
      this.attempts.inc({ outcome: attempt.outcome, endpoint: attempt.endpointId });
      if (attempt.outcome === 'not_sent') continue;
      this.exchanges.observe({ outcome: attempt.outcome }, attempt.durationMs / 1000);
      if (attempt.outcome === 'succeeded') {
        this.latency.observe(Math.max(0, now - timeOfId(attempt.eventId).getTime()) / 1000);
      }
    }
  }

  /** One read per scrape, shared by the backlog's gauges; absent from a scrape the database cannot answer in 2 s. */
  private read(): Promise<WebhookBacklogReading | null> {
    this.reading ??= withinMs(this.backlog.read(this.clock.now()), 2000)
      .catch(() => null)
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }
}
