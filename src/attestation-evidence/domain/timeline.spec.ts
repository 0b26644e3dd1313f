import { anAttestationRequest } from '../../../test/support/builders';
import { EvidenceEvent, timelineFromRequest, timelineOf } from './attestation-evidence';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute));
const event = (type: string, minute: number): EvidenceEvent => ({
  id: `evt-${minute}`,
  type: `attestation_request.${type}`,
  timestamp: at(minute).toISOString(),
  data: {},
});

describe('the timeline of a request', () => {
  it('follows the event log when it holds the created event, keeping only the kinds a timeline shows', () => {
    const events = [
      event('created', 0),
      event('sent', 0),
      event('bounced', 1),
      event('sent', 2),
      event('reminded', 3),
      event('viewed', 4),
      event('attested', 5),
      { id: 'x', type: 'webhook.test', timestamp: at(6).toISOString(), data: {} },
      { id: 'y', type: 'attestation_request.renamed', timestamp: at(6).toISOString(), data: {} },
    ];
    expect(timelineOf(anAttestationRequest(), events)).toEqual({
      source: 'events',
      entries: [
        { kind: 'created', at: at(0) },
        { kind: 'sent', at: at(0) },
        { kind: 'bounced', at: at(1) },
        { kind: 'sent', at: at(2) },
        { kind: 'reminded', at: at(3) },
        { kind: 'viewed', at: at(4) },
        { kind: 'attested', at: at(5) },
      ],
    });
  });

  it("falls back to the request's own timestamps, oldest first, without the created event", () => {
    const request = anAttestationRequest({
      status: 'canceled',
      createdAt: at(0),
      sentAt: at(0),
      viewedAt: at(3),
      lastRemindedAt: at(2),
      canceledAt: at(4),
    });
    const expected = [
      { kind: 'created', at: at(0) },
      { kind: 'sent', at: at(0) },
      { kind: 'reminded', at: at(2) },
      { kind: 'viewed', at: at(3) },
      { kind: 'canceled', at: at(4) },
    ];
    expect(timelineOf(request, [event('sent', 0), event('viewed', 3)])).toEqual({
      source: 'timestamps',
      entries: expected,
    });
    expect(timelineOf(request, [])).toEqual({ source: 'timestamps', entries: expected });
  });

  it('keeps the lifecycle order for moments at the same instant, and shows attestation and expiry', () => {
    const same = at(7);
    const request = anAttestationRequest({
      createdAt: same,
      sentAt: same,
      viewedAt: same,
      lastRemindedAt: null,
      attestedAt: same,
      expiredAt: null,
    });
    expect(timelineFromRequest(request).map((entry) => entry.kind)).toEqual(['created', 'sent', 'viewed', 'attested']);
    const expired = anAttestationRequest({ createdAt: at(1), sentAt: at(0), expiredAt: at(9) });
    expect(timelineFromRequest(expired)).toEqual([
      { kind: 'sent', at: at(0) },
      { kind: 'created', at: at(1) },
      { kind: 'expired', at: at(9) },
    ]);
  });
});
