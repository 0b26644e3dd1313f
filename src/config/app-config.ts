import { localDataDir } from './local-data';
import { readConfiguredSealKey, type SealKey } from './seal-key';

/** Which pooler stands between the service and PostgreSQL, as far as it matters: docs/pooler.md. */
export type DatabasePooler = 'none' | 'transaction';

/**
 * The environment, read and checked once at boot. A bad value stops the process with a one-line reason
 * instead of failing later on the first request.
 */
export class AppConfig {
  readonly port: number;
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
  readonly appUrl: string;
  readonly billingUrl: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly logLevel: string;
  readonly rateLimitPerMinute: number;
  /** Requests a minute per organization through SCIM tokens (SCIM_RATE_LIMIT_PER_MINUTE): directory pushes. */
  readonly scimRateLimitPerMinute: number;
  /** Prefix for every Redis key, so several deployments or test files can share one Redis. */
  readonly redisPrefix: string;
  readonly attestationRequestTtlDays: number | undefined;
  readonly reminderIntervalDays: number;
  /**
   * Secret for the links in emails: a request's page token is HMAC(APP_KEY, request id), so the worker can put
   * the same link in the first email and every reminder while only its hash is stored.
   */
  readonly appKey: string | undefined;
  /** Webhook endpoints may be http:// and reach private, loopback, link-local and unique-local addresses. */
  readonly webhookAllowPrivateNetworks: boolean;
  /** Seconds before each webhook retry, its length the number of retries; unset, the webhooks module's own. */
  readonly webhookRetrySchedule: readonly number[] | undefined;
  /**
   * Server-side `statement_timeout` of every pooled connection, a little above the slowest legitimate query; the
   * client-side bound (`clientWithQueryDeadline`) is one second more, so a database that stops answering altogether
   * still ends each query.
   */
  readonly statementTimeoutMs: number;
  /** `transaction` behind a transaction-mode pooler (docs/pooler.md); `none` (default) directly or in session mode. */
  readonly databasePooler: DatabasePooler;
  /**
   * Whether the hot reads go out as named statements, parsed once per connection: by default yes, except behind a
   * transaction-mode pooler; PgBouncer 1.21 or later with `max_prepared_statements` keeps them (docs/pooler.md).
   */
  readonly databaseNamedStatements: boolean;
  /**
   * Server-side `idle_in_transaction_session_timeout` of the service's own connections: one of them left in a
   * transaction (a stuck request) would hold back the event feed and every webhook delivery, of every organization.
   */
  readonly idleInTransactionTimeoutMs: number;
  /** Events (and their webhook attempts) are removed this many days after they were recorded; 30 at least. */
  readonly eventRetentionDays: number;
  /** The worker warns, naming the backend, when a transaction holds the event log's watermark back this long. */
  readonly eventLagWarningSeconds: number;
  /** Connect, greeting and inactivity timeout of each SMTP connection. */
  readonly smtpTimeoutMs: number;
  /** When set, GET /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  readonly metricsToken: string | undefined;
  /** The worker's HTTP listener: /metrics, /health/live, /health/ready. */
  readonly workerPort: number;
  /** After SIGTERM, how long readiness answers 503 while requests are still served, before the listener closes. */
  readonly shutdownDelayMs: number;
  /** Where a local run keeps what it generates (the embedded database, APP_KEY, the seal key): DATA_DIR or ./.data. */
  readonly dataDir: string;
  /**
   * The operator's seal key (SEAL_P12_PATH, SEAL_P12_PASSWORD), read and checked here so a broken one stops the
   * process at boot; unset, the evidence module makes one under `dataDir`.
   */
  readonly sealKey: SealKey | undefined;
  /**
   * The RFC 3161 time-stamping authority that timestamps each seal (SEAL_TSA_URL, http or https): PAdES-B-T. A
   * failing one costs a certificate its timestamp, never the certificate (docs/evidence-and-sealing.md).
   */
  readonly sealTsaUrl: string | undefined;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.port = integer(env, 'PORT', 3000, 0, 65535);
    this.databaseUrl = optional(env, 'DATABASE_URL');
    this.redisUrl = optional(env, 'REDIS_URL');
    this.appUrl = (optional(env, 'APP_URL') ?? `http://localhost:${this.port}`).replace(/\/+$/, '');
    url(this.appUrl, 'APP_URL');
    this.billingUrl = optional(env, 'BILLING_URL') ?? `${this.appUrl}/billing`;
    this.smtpUrl = optional(env, 'SMTP_URL');
    this.mailFrom = optional(env, 'MAIL_FROM') ?? 'Attestations <no-reply@localhost>';
    this.logLevel = optional(env, 'LOG_LEVEL') ?? 'info';
    if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(this.logLevel)) {
      throw new Error(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
    }
    this.rateLimitPerMinute = integer(env, 'RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000);
    // 30 a second sustained: above the 25 Microsoft's provisioning guidance asks of a SCIM endpoint.
    this.scimRateLimitPerMinute = integer(env, 'SCIM_RATE_LIMIT_PER_MINUTE', 1800, 1, 1_000_000);
    this.redisPrefix = optional(env, 'REDIS_PREFIX') ?? 'attest';
    const ttl = optional(env, 'ATTESTATION_REQUEST_TTL_DAYS');
    this.attestationRequestTtlDays =
      ttl === undefined ? undefined : integer(env, 'ATTESTATION_REQUEST_TTL_DAYS', 0, 1, 3650);
    this.reminderIntervalDays = integer(env, 'REMINDER_INTERVAL_DAYS', 3, 1, 365);
    this.appKey = optional(env, 'APP_KEY');
    if (this.appKey !== undefined && this.appKey.length < 32) {
      throw new Error('APP_KEY must be at least 32 characters (e.g. openssl rand -hex 32)');
    }
    const allowPrivate = optional(env, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS') ?? 'false';
    if (!['true', 'false'].includes(allowPrivate)) {
      throw new Error(`WEBHOOK_ALLOW_PRIVATE_NETWORKS must be true or false, got "${allowPrivate}"`);
    }
    this.webhookAllowPrivateNetworks = allowPrivate === 'true';
    this.webhookRetrySchedule = retrySchedule(optional(env, 'WEBHOOK_RETRY_SCHEDULE'));
    this.statementTimeoutMs = integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 5000, 100, 600_000);
    this.databasePooler = oneOf(env, 'DATABASE_POOLER', ['none', 'transaction'] as const, 'none');
    const named = this.databasePooler === 'transaction' ? 'false' : 'true';
    this.databaseNamedStatements =
      oneOf(env, 'DATABASE_NAMED_STATEMENTS', ['true', 'false'] as const, named) === 'true';
    this.idleInTransactionTimeoutMs = integer(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 15_000, 1000, 600_000);
    this.eventRetentionDays = integer(env, 'EVENT_RETENTION_DAYS', 30, 30, 36_500);
    this.eventLagWarningSeconds = integer(env, 'EVENT_LAG_WARNING_SECONDS', 30, 1, 86_400);
    this.smtpTimeoutMs = integer(env, 'SMTP_TIMEOUT_MS', 10_000, 100, 120_000);
    this.metricsToken = optional(env, 'METRICS_TOKEN');
    if (this.metricsToken !== undefined && this.metricsToken.length < 16) {
      throw new Error('METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 16)');
    }
    this.workerPort = integer(env, 'WORKER_PORT', 3001, 0, 65535);
    this.shutdownDelayMs = integer(env, 'SHUTDOWN_DELAY_MS', 2000, 0, 8000);
    this.dataDir = localDataDir(env);
    const sealPath = optional(env, 'SEAL_P12_PATH');
    if (sealPath === undefined && optional(env, 'SEAL_P12_PASSWORD') !== undefined) {
      throw new Error('SEAL_P12_PASSWORD is set without SEAL_P12_PATH');
    }
    this.sealKey = sealPath === undefined ? undefined : readConfiguredSealKey(sealPath, env.SEAL_P12_PASSWORD ?? '');
    this.sealTsaUrl = optional(env, 'SEAL_TSA_URL');
    // Not repeated in the message: an authority's URL may carry its account's password.
    if (this.sealTsaUrl !== undefined && !isHttpUrl(this.sealTsaUrl)) {
      throw new Error('SEAL_TSA_URL must be an http(s) URL');
    }
  }

  /** pg's client-side bound on a query: the server's statement_timeout plus a second. */
  get queryTimeoutMs(): number {
    return this.statementTimeoutMs + 1000;
  }

  get apiBaseUrl(): string {
    return `${this.appUrl}/api/v1`;
  }
}

/** Whole seconds, comma-separated. */
function retrySchedule(raw: string | undefined): readonly number[] | undefined {
  if (raw === undefined) return undefined;
  const values = raw.split(',').map((part) => part.trim());
  if (values.length > 50 || values.some((value) => !/^\d{1,7}$/.test(value))) {
    throw new Error(
      `WEBHOOK_RETRY_SCHEDULE must be comma-separated whole numbers of seconds (at most 50 of them), got "${raw}"`,
    );
  }
  return values.map(Number);
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const raw = optional(env, name) ?? fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new Error(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function url(value: string, name: string): void {
  if (!isHttpUrl(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
