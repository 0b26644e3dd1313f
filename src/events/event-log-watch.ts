import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { AppConfig } from '../config/app-config';
import { METRIC_PREFIX, Metrics } from '../metrics/metrics';
import { EventLogLag, WatermarkLag } from './application/event-log-lag';

export interface EventLogWatchSettings {
  /** How often the watermark's lag is read. */
  intervalMs: number;
}

export const EVENT_LOG_WATCH_SETTINGS = Symbol('EVENT_LOG_WATCH_SETTINGS');

/** The same blocking transaction is named again after this long, so a warning is not lost in a busy log. */
const REPEAT_WARNING_MS = 60_000;

/**
 * In the delivering process (the worker): reads every few seconds how long the event log's watermark has been
 * held back, exports it (`attest_event_watermark_lag_seconds`), and past EVENT_LAG_WARNING_SECONDS logs a warning
 * naming the transaction that holds it (pid, application_name, xact_start), for the operator to end it.
 */
@Injectable()
export class EventLogWatch implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventLogWatch');
  private readonly lag: Gauge;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> = Promise.resolve();
  private warned: { key: string; at: number } | null = null;

  constructor(
    private readonly source: EventLogLag,
    private readonly config: AppConfig,
    metrics: Metrics,
    @Inject(EVENT_LOG_WATCH_SETTINGS) private readonly settings: EventLogWatchSettings,
  ) {
    this.lag = new Gauge({
      name: `${METRIC_PREFIX}event_watermark_lag_seconds`,
      help:
        'How long the event log has been held back by the oldest open transaction that has written (0: by none): ' +
        'events committed meanwhile wait, in the feed and for webhooks, for every organization.',
      registers: [metrics.registry],
    });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.reading = this.reading.then(async () => {
        await this.check();
      });
    }, this.settings.intervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.reading;
  }

  /** One reading: the gauge set, and a warning when the lag passes the threshold. */
  async check(): Promise<WatermarkLag | null> {
    let lag: WatermarkLag;
    try {
      lag = await this.source.read();
    } catch (error) {
      this.logger.debug(`watermark lag not read: ${(error as Error).message}`);
      return null;
    }
    this.lag.set(lag.seconds);
    if (lag.blocking && lag.seconds >= this.config.eventLagWarningSeconds) this.warn(lag);
    return lag;
  }

  private warn({ seconds, blocking }: WatermarkLag): void {
    if (!blocking) return;
    const key = `${blocking.pid} ${blocking.xactStart.toISOString()}`;
    const now = Date.now();
    if (this.warned?.key === key && now - this.warned.at < REPEAT_WARNING_MS) return;
    this.warned = { key, at: now };
    this.logger.warn(
      `event feed and webhooks held back ${Math.round(seconds)} s by an open transaction: pid ${blocking.pid}, ` +
        `application_name "${blocking.applicationName}", xact_start ${blocking.xactStart.toISOString()}, ` +
        `state ${blocking.state ?? 'unknown'}; end it (SELECT pg_terminate_backend(${blocking.pid})) or let it finish`,
    );
  }
}
