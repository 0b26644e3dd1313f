import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AnsweredRequests } from './answered-requests';

/** Where every metric name starts, so the service's own series are easy to find next to the runtime's. */
export const METRIC_PREFIX = 'attest_';

/** Route label of a request that matched no route (404, 405): one value, never the raw path. */
export const UNMATCHED_ROUTE = '(unmatched)';

export type EmailOutcome = 'sent' | 'bounced' | 'failed';

export interface PoolReading {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface OutboxReading {
  kind: string;
  pending: number;
  oldestAgeSeconds: number;
}

/** Readings taken when Prometheus scrapes, not kept up to date in between. */
export interface ScrapeReadings {
  pool(): PoolReading | null;
  outbox(): Promise<readonly OutboxReading[]>;
}

/**
 * The process's Prometheus registry and its instruments (prom-client). One registry per application instance
 * rather than prom-client's global one, so several instances in one process (the tests) never share counts.
 * Labels are bounded: route templates (`/api/v1/people/:id`), never raw paths; status codes; fixed names.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /** `attest_http_requests_total` and `attest_http_request_duration_seconds`, recorded on every answer. */
  private readonly answers = registeredAnswers(this.registry);

  readonly rateLimitRejections = new Counter({
    name: `${METRIC_PREFIX}rate_limit_rejections_total`,
    help: 'Requests refused with 429 by a rate limit, by route template.',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly emails = new Counter({
    name: `${METRIC_PREFIX}emails_total`,
    help:
      'Emails handed to the mail server, by outcome: sent (accepted), bounced (refused for good, 5xx), ' +
      'failed (an attempt that failed and is retried).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly lifecyclePasses = new Counter({
    name: `${METRIC_PREFIX}lifecycle_pass_runs_total`,
    help: 'Runs of the request lifecycle passes (expiry, reminders, renewal), by pass and outcome (ok, error).',
    labelNames: ['pass', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly lifecycleDuration = new Histogram({
    name: `${METRIC_PREFIX}lifecycle_pass_duration_seconds`,
    help: 'Duration of the request lifecycle passes, by pass.',
    labelNames: ['pass'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  private readings: ScrapeReadings | null = null;
  private processMetrics = false;

  constructor() {
    // Known outcomes start at 0, so a dashboard's rate() has a series before the first email.
    for (const outcome of ['sent', 'bounced', 'failed'] as const) this.emails.inc({ outcome }, 0);
    const readings = () => this.readings;
    const outbox = () => this.readOutbox();
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_connections`,
      help: 'PostgreSQL connections of this process, by state: in_use (lent to a query) or idle.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = readings()?.pool();
        this.reset();
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.inUse);
        this.set({ state: 'idle' }, pool.idle);
      },
    });
    const poolFigures = [
      ['waiting', 'Queries waiting for a PostgreSQL connection of this process (the pool is exhausted).'],
      ['max', 'Size limit of the PostgreSQL pool of this process.'],
    ] as const;
    for (const [figure, help] of poolFigures) {
      new Gauge({
        name: `${METRIC_PREFIX}db_pool_${figure}`,
        help,
        registers: [this.registry],
        collect() {
          this.set(readings()?.pool()?.[figure] ?? 0);
        },
      });
    }
    const outboxFigures = [
      ['outbox_pending', 'Emails of the outbox not yet sent (the queue depth), by kind.', 'pending'],
      [
        'outbox_oldest_pending_age_seconds',
        'Age of the oldest email of the outbox not yet sent, by kind.',
        'oldestAgeSeconds',
      ],
    ] as const;
    for (const [name, help, figure] of outboxFigures) {
      new Gauge({
        name: `${METRIC_PREFIX}${name}`,
        help,
        labelNames: ['kind'] as const,
        registers: [this.registry],
        collect: async function () {
          this.reset();
          for (const row of await outbox()) this.set({ kind: row.kind }, row[figure]);
        },
      });
    }
  }

  /**
   * One read of the outbox per scrape, shared by its two gauges. A scrape never waits long on the database: when
   * the backlog cannot be read within 2 s, its series are absent from that scrape.
   */
  private outboxReading: Promise<readonly OutboxReading[]> | null = null;

  /** prom-client collects every metric of a scrape at once: the read in flight is the scrape's. */
  private readOutbox(): Promise<readonly OutboxReading[]> {
    const source = this.readings;
    if (!source) return Promise.resolve([]);
    this.outboxReading ??= withinMs(source.outbox(), 2000)
      .catch(() => [] as readonly OutboxReading[])
      .finally(() => {
        this.outboxReading = null;
      });
    return this.outboxReading;
  }

  /** Readings taken at scrape time (the database pool and the outbox); set once by the metrics module. */
  readFrom(readings: ScrapeReadings): void {
    this.readings = readings;
  }

  /** Node's own metrics (CPU, memory, event loop lag, GC): only in the long-running processes, not the CLI. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.answers.record(method, route, status, seconds);
    if (status === 429) this.rateLimitRejections.inc({ route });
  }

  /** Times one lifecycle pass and counts it as ok or error; the pass's own result or error passes through. */
  async timePass<T>(pass: string, run: () => Promise<T>): Promise<T> {
    const end = this.lifecycleDuration.startTimer({ pass });
    try {
      const result = await run();
      this.lifecyclePasses.inc({ pass, outcome: 'ok' });
      return result;
    } catch (error) {
      this.lifecyclePasses.inc({ pass, outcome: 'error' });
      throw error;
    } finally {
      end();
    }
  }

  countEmail(outcome: EmailOutcome): void {
    this.emails.inc({ outcome });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  exposition(): Promise<string> {
    return this.registry.metrics();
  }
}

/** The promise, or a rejection once `ms` pass without its answer (a scrape never waits long on the database). */
export function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The HTTP answers' tally, its two metrics registered first, where prom-client's own were. */
function registeredAnswers(registry: Registry): AnsweredRequests {
  const answers = new AnsweredRequests([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
  registry.registerMetric(
    answers.counter(
      `${METRIC_PREFIX}http_requests_total`,
      'HTTP requests answered, by method, route template and status code.',
    ),
  );
  registry.registerMetric(
    answers.histogram(
      `${METRIC_PREFIX}http_request_duration_seconds`,
      'Time from the request to the end of the response, by method, route template and status code.',
    ),
  );
  return answers;
}
