import { AppConfig } from './app-config';

describe('AppConfig', () => {
  it('has the documented defaults', () => {
    const config = new AppConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.apiBaseUrl).toBe('http://localhost:3000/api/v1');
    expect(config.billingUrl).toBe('http://localhost:3000/billing');
    expect(config.rateLimitPerMinute).toBe(60);
    expect(config.reminderIntervalDays).toBe(3);
    expect(config.attestationRequestTtlDays).toBeUndefined();
    expect(config.idleInTransactionTimeoutMs).toBe(15_000);
    expect(config.eventLagWarningSeconds).toBe(30);
    expect(config.eventRetentionDays).toBe(30);
    expect(config.databasePooler).toBe('none');
    expect(config.sealTsaUrl).toBeUndefined();
  });

  it('reads the time-stamping authority, an http(s) URL, refused otherwise without repeating it', () => {
    expect(new AppConfig({ SEAL_TSA_URL: 'http://tsa.example.test/tsr' }).sealTsaUrl).toBe(
      'http://tsa.example.test/tsr',
    );
    expect(new AppConfig({ SEAL_TSA_URL: ' https://user:secret@tsa.example.test ' }).sealTsaUrl).toBe(
      'https://user:secret@tsa.example.test',
    );
    expect(() => new AppConfig({ SEAL_TSA_URL: 'ftp://user:secret@tsa.example.test' })).toThrow(
      /^SEAL_TSA_URL must be an http\(s\) URL$/,
    );
    expect(() => new AppConfig({ SEAL_TSA_URL: 'tsa.example.test' })).toThrow('SEAL_TSA_URL must be an http(s) URL');
  });

  it('reads the pooler mode; behind a transaction pooler, statements are unnamed unless asked', () => {
    expect(new AppConfig({ DATABASE_POOLER: 'transaction' }).databasePooler).toBe('transaction');
    expect(new AppConfig({}).databaseNamedStatements).toBe(true);
    expect(new AppConfig({ DATABASE_POOLER: 'transaction' }).databaseNamedStatements).toBe(false);
    expect(
      new AppConfig({ DATABASE_POOLER: 'transaction', DATABASE_NAMED_STATEMENTS: 'true' }).databaseNamedStatements,
    ).toBe(true);
    expect(new AppConfig({ DATABASE_NAMED_STATEMENTS: 'false' }).databaseNamedStatements).toBe(false);
  });

  it('follows APP_URL without a trailing slash', () => {
    const config = new AppConfig({ APP_URL: 'https://attest.example.com/', PORT: '8080' });
    expect(config.apiBaseUrl).toBe('https://attest.example.com/api/v1');
  });

  it('fails fast with a one-line reason on bad values', () => {
    expect(() => new AppConfig({ PORT: 'eighty' })).toThrow('PORT must be a whole number');
    expect(() => new AppConfig({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow('RATE_LIMIT_PER_MINUTE');
    expect(() => new AppConfig({ APP_URL: 'ftp://x' })).toThrow('APP_URL');
    expect(() => new AppConfig({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL');
    expect(() => new AppConfig({ APP_KEY: 'short' })).toThrow('APP_KEY');
    expect(() => new AppConfig({ DATABASE_POOLER: 'pgbouncer' })).toThrow(
      'DATABASE_POOLER must be one of none, transaction, got "pgbouncer"',
    );
    expect(() => new AppConfig({ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '10' })).toThrow(
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    );
    expect(() => new AppConfig({ EVENT_LAG_WARNING_SECONDS: '0' })).toThrow('EVENT_LAG_WARNING_SECONDS');
    // The contract keeps events 30 days at least.
    expect(() => new AppConfig({ EVENT_RETENTION_DAYS: '29' })).toThrow('EVENT_RETENTION_DAYS');
  });
});
