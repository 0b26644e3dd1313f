import { anAttestationRequest, anIssuedRequest } from '../../../test/support/builders';
import { isWellFormedPageToken, pageStateOf } from './page-state';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const issue = (expiresAt: Date | null = null) => anIssuedRequest({ expiresAt, now: NOW });

describe('pageStateOf', () => {
  it('shows the form while the request is sent or viewed and not past its expiry', () => {
    const request = issue(new Date(NOW.getTime() + 1000));
    expect(pageStateOf(request, NOW)).toBe('open');
    request.markViewed(NOW);
    expect(pageStateOf(request, NOW)).toBe('open');
    expect(pageStateOf(request, new Date(NOW.getTime() + 1000))).toBe('expired');
  });

  it('names every closed state', () => {
    const attested = issue();
    attested.markViewed(NOW);
    attested.markAttested(NOW);
    const canceled = issue();
    canceled.supersede(NOW);
    const expired = issue();
    expired.expire(NOW);
    const bounced = issue();
    bounced.reportDeliveryProblem('bounced', NOW);
    const failedPastExpiry = issue(NOW);
    failedPastExpiry.reportDeliveryProblem('failed', NOW);
    expect([attested, canceled, expired, bounced, failedPastExpiry].map((r) => pageStateOf(r, NOW))).toEqual([
      'attested',
      'canceled',
      'expired',
      'on_hold',
      'expired',
    ]);
  });
});

describe('isWellFormedPageToken', () => {
  it('takes 43 base64url characters only', () => {
    expect(isWellFormedPageToken('A'.repeat(43))).toBe(true);
    expect(isWellFormedPageToken('a-_0'.repeat(10) + 'abc')).toBe(true);
    for (const token of ['A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}/`, '']) {
      expect(isWellFormedPageToken(token)).toBe(false);
    }
  });
});

describe('pageStateOf, for every status', () => {
  it.each([
    ['created', 'on_hold'],
    ['sent', 'open'],
    ['viewed', 'open'],
    ['bounced', 'on_hold'],
    ['failed', 'on_hold'],
    ['complained', 'on_hold'],
    ['attested', 'attested'],
    ['canceled', 'canceled'],
    ['expired', 'expired'],
  ] as const)('shows a %s request as %s, and as expired past its expiry unless it is final', (status, state) => {
    expect(pageStateOf(anAttestationRequest({ status }), NOW)).toBe(state);
    const overdue = anAttestationRequest({ status, expiresAt: NOW });
    expect(pageStateOf(overdue, NOW)).toBe(status === 'attested' || status === 'canceled' ? status : 'expired');
    expect(pageStateOf(overdue, new Date(NOW.getTime() - 1))).toBe(state);
  });
});
