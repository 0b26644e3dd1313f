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
  /** Prefix for every Redis key, so several deployments or test files can share one Redis. */
  readonly redisPrefix: string;
  readonly attestationRequestTtlDays: number | undefined;
  readonly reminderIntervalDays: number;
  /**
   * Secret for the links in emails: a request's page token is HMAC(APP_KEY, request id), so the worker can put
   * the same link in the first email and every reminder while only its hash is stored.
   */
  readonly appKey: string | undefined;

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
    this.redisPrefix = optional(env, 'REDIS_PREFIX') ?? 'attest';
    const ttl = optional(env, 'ATTESTATION_REQUEST_TTL_DAYS');
    this.attestationRequestTtlDays =
      ttl === undefined ? undefined : integer(env, 'ATTESTATION_REQUEST_TTL_DAYS', 0, 1, 3650);
    this.reminderIntervalDays = integer(env, 'REMINDER_INTERVAL_DAYS', 3, 1, 365);
    this.appKey = optional(env, 'APP_KEY');
    if (this.appKey !== undefined && this.appKey.length < 32) {
      throw new Error('APP_KEY must be at least 32 characters (e.g. openssl rand -hex 32)');
    }
  }

  get apiBaseUrl(): string {
    return `${this.appUrl}/api/v1`;
  }
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
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
  try {
    const parsed = new URL(value);
    if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error();
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
}
