import { ATTESTATION_BUCKETS, noAttestations } from './attestation-counts';

describe('attestation counts', () => {
  it('start at zero in every bucket, which add up to the total', () => {
    const counts = noAttestations();
    expect(counts).toEqual({
      attested_latest: 0,
      pending_attested: 0,
      renewal_due: 0,
      attested_outdated: 0,
      unrequested: 0,
      total: 0,
    });
    expect(Object.keys(counts)).toEqual([...ATTESTATION_BUCKETS, 'total']);
    counts.total = 1;
    expect(noAttestations().total).toBe(0);
  });
});
