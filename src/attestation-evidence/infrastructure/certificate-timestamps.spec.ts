import { Metrics } from '../../metrics/metrics';
import { CertificateTimestamps } from './certificate-timestamps';

describe('CertificateTimestamps', () => {
  let now: number;
  let metrics: Metrics;
  let logger: { warn: jest.Mock; log: jest.Mock };
  const URL = 'https://ops:secret@tsa.example.test/tsr';
  const timestamps = (url: string | undefined) =>
    new CertificateTimestamps(url, { metrics, logger, now: () => now, retryAfterMs: 30_000 });
  const failed = (reason = 'the authority cannot be reached: ECONNREFUSED') => ({ kind: 'failed' as const, reason });
  const counted = async () => {
    const metric = await metrics.registry.getSingleMetric('attest_certificate_timestamps_total')?.get();
    return Object.fromEntries((metric?.values ?? []).map((value) => [value.labels.outcome, value.value]));
  };

  beforeEach(() => {
    now = 1_000_000;
    metrics = new Metrics();
    logger = { warn: jest.fn(), log: jest.fn() };
  });

  it('never asks without an authority, and registers no series', async () => {
    const none = timestamps(undefined);
    expect(none.ask()).toBe(false);
    expect(none.setup).toBeUndefined();
    expect(none.authority()).toBeUndefined();
    none.record({ kind: 'not-asked' });
    expect(await counted()).toEqual({});
  });

  it('asks for every certificate while the authority answers, counting each outcome from zero', async () => {
    const policy = timestamps(URL);
    expect(await counted()).toEqual({ stamped: 0, failed: 0, skipped: 0 });
    for (let i = 0; i < 3; i++) {
      expect(policy.ask()).toBe(true);
      policy.record({ kind: 'stamped' });
    }
    expect(await counted()).toEqual({ stamped: 3, failed: 0, skipped: 0 });
    expect(policy.setup).toEqual({ url: 'https://ops:secret@tsa.example.test/tsr', timeoutMs: 5000 });
  });

  it('warns once per outage, without the password, and asks once every retry interval meanwhile', async () => {
    const policy = timestamps(URL);
    expect(policy.ask()).toBe(true);
    policy.record(failed());
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const warning = logger.warn.mock.calls[0][0] as string;
    expect(warning).toContain('https://tsa.example.test/tsr');
    expect(warning).toContain('ECONNREFUSED');
    expect(warning).not.toContain('secret');

    // Sealed at once without asking while the interval runs.
    now += 10_000;
    expect(policy.ask()).toBe(false);
    policy.record({ kind: 'not-asked' });
    now += 20_000;
    // One certificate tries again; the others meanwhile do not wait for it.
    expect(policy.ask()).toBe(true);
    expect(policy.ask()).toBe(false);
    policy.record(failed('the authority did not answer within 5000 ms'));
    expect(logger.warn).toHaveBeenCalledTimes(1);
    now += 29_000;
    expect(policy.ask()).toBe(false);
    now += 1_000;
    expect(policy.ask()).toBe(true);
    policy.record({ kind: 'stamped' });
    expect(logger.log).toHaveBeenCalledWith(expect.stringContaining('answers again after 60 s'));
    expect(policy.ask()).toBe(true);
    expect(await counted()).toEqual({ stamped: 1, failed: 2, skipped: 1 });

    // A new outage, a new warning.
    policy.record(failed());
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});
