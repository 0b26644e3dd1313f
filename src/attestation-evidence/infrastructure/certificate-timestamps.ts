import { Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { METRIC_PREFIX, type Metrics } from '../../metrics/metrics';
import {
  TIMESTAMP_TIMEOUT_MS,
  TimestampAuthority,
  type TimestampOutcome,
  withoutCredentials,
} from './timestamp-authority';

export interface CertificateTimestampsOptions {
  /** How long the authority has to answer each certificate. */
  timeoutMs?: number;
  /** In an outage, certificates are sealed without asking for this long after each failed attempt. */
  retryAfterMs?: number;
  /** Where `attest_certificate_timestamps_total` is registered. */
  metrics?: Metrics;
  logger?: Pick<Logger, 'warn' | 'log'>;
  /** Monotonic milliseconds (tests move it). */
  now?: () => number;
}

/** What the rendering process needs to ask the authority itself: plain data, sent once with the seal. */
export interface TimestampAuthoritySetup {
  url: string;
  timeoutMs: number;
}

/**
 * Whether a certificate asks the time-stamping authority (SEAL_TSA_URL) for a timestamp, and what came of it. A
 * timestamp is welcome, never required: an authority that is down, slow or answers nonsense costs a certificate
 * its timestamp (sealed at baseline, still valid), never the certificate. One warning per outage, not one per
 * certificate; during an outage, certificates are sealed without asking for `retryAfterMs` after each failed
 * attempt, so downloads do not each wait out the timeout, and the first after that tries again. Each outcome is
 * counted: stamped, failed, skipped (not asked, in an outage).
 */
export class CertificateTimestamps {
  readonly timeoutMs: number;
  private readonly retryAfterMs: number;
  private readonly logger: Pick<Logger, 'warn' | 'log'>;
  private readonly now: () => number;
  private readonly outcomes: Counter<'outcome'> | undefined;
  private failingSince: number | null = null;
  private nextAttemptAt = 0;

  constructor(
    readonly authorityUrl: string | undefined,
    options: CertificateTimestampsOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? TIMESTAMP_TIMEOUT_MS;
    this.retryAfterMs = options.retryAfterMs ?? 30_000;
    this.logger = options.logger ?? new Logger('CertificateTimestamps');
    this.now = options.now ?? (() => performance.now());
    if (authorityUrl !== undefined && options.metrics) {
      this.outcomes = new Counter({
        name: `${METRIC_PREFIX}certificate_timestamps_total`,
        help:
          'Timestamps asked of the time-stamping authority (SEAL_TSA_URL) for sealed certificates, by outcome: ' +
          'stamped, failed (sealed without one), skipped (not asked during an outage).',
        labelNames: ['outcome'] as const,
        registers: [options.metrics.registry],
      });
      for (const outcome of ['stamped', 'failed', 'skipped']) this.outcomes.inc({ outcome }, 0);
    }
  }

  /** The authority as the rendering process builds it; none without SEAL_TSA_URL. */
  get setup(): TimestampAuthoritySetup | undefined {
    return this.authorityUrl === undefined ? undefined : { url: this.authorityUrl, timeoutMs: this.timeoutMs };
  }

  /** The authority itself, for a signer in this process. */
  authority(): TimestampAuthority | undefined {
    return this.authorityUrl === undefined ? undefined : new TimestampAuthority(this.authorityUrl, this.timeoutMs);
  }

  /** Whether the next certificate asks: always but in an outage, where one asks every `retryAfterMs`. */
  ask(): boolean {
    if (this.authorityUrl === undefined) return false;
    if (this.failingSince === null) return true;
    const now = this.now();
    if (now < this.nextAttemptAt) return false;
    // This one tries; the others sealed meanwhile do not wait for it.
    this.nextAttemptAt = now + this.retryAfterMs;
    return true;
  }

  record(outcome: TimestampOutcome): void {
    if (this.authorityUrl === undefined) return;
    this.outcomes?.inc({ outcome: outcome.kind === 'not-asked' ? 'skipped' : outcome.kind });
    if (outcome.kind === 'stamped' && this.failingSince !== null) {
      const seconds = Math.round((this.now() - this.failingSince) / 1000);
      this.logger.log(`The time-stamping authority answers again after ${seconds} s: certificates are timestamped`);
      this.failingSince = null;
    } else if (outcome.kind === 'failed') {
      if (this.failingSince === null) {
        this.failingSince = this.now();
        this.logger.warn(
          `Certificates are sealed without a timestamp until the time-stamping authority ` +
            `${withoutCredentials(this.authorityUrl)} answers again: ${outcome.reason}`,
        );
      }
      this.nextAttemptAt = this.now() + this.retryAfterMs;
    }
  }
}
