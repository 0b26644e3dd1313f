import { createHash } from 'node:crypto';
import { attestationPageUrl, attestationToken, hashAttestationToken } from './attestation-link';

const KEY = 'k'.repeat(32);

describe('attestation page links', () => {
  it('derives the same URL-safe token from the same key and request, and another from another', () => {
    const token = attestationToken(KEY, '01jd0000000000000000000001');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(attestationToken(KEY, '01jd0000000000000000000001')).toBe(token);
    expect(attestationToken(KEY, '01jd0000000000000000000002')).not.toBe(token);
    expect(attestationToken('x'.repeat(32), '01jd0000000000000000000001')).not.toBe(token);
  });

  it('stores the SHA-256 of the token, never the token', () => {
    const token = attestationToken(KEY, '01jd0000000000000000000001');
    expect(hashAttestationToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(attestationPageUrl('https://app.example', token)).toBe(`https://app.example/attest/${token}`);
  });
});
