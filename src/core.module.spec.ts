import { loggablePath } from './core.module';

describe('loggablePath', () => {
  it('drops the query string, which holds personal data', () => {
    expect(loggablePath('/api/v1/people?email=ada%40example.com&name=Ada')).toBe('/api/v1/people');
  });

  it("never logs the attestation page's secret, whatever the letter case", () => {
    expect(loggablePath('/attest/s3cr3t-token')).toBe('/attest/[redacted]');
    expect(loggablePath('/ATTEST/s3cr3t-token?x=1')).toBe('/ATTEST/[redacted]');
    expect(loggablePath('/attest/s3cr3t-token/confirm')).toBe('/attest/[redacted]/confirm');
  });
});
