import fc from 'fast-check';
import { IllegalTransitionError } from '@lib/core';
import { anIssuedRequest, anAttestationRequest } from '../../../test/support/builders';
import { AttestationRequest } from './attestation-request';
import {
  ATTESTATION_REQUEST_STATUSES,
  AttestationRequestStatus,
  DELIVERY_PROBLEMS,
  statusesMovableTo,
} from './attestation-request-status';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const LATER = new Date('2026-11-23T10:00:00.000Z');

/** The contract's diagram, written out edge by edge, plus the delivery-problem -> canceled edge we add. */
const ALLOWED: [AttestationRequestStatus, AttestationRequestStatus][] = [
  ['created', 'sent'],
  ['created', 'canceled'],
  ['sent', 'viewed'],
  ['viewed', 'attested'],
  ['sent', 'canceled'],
  ['viewed', 'canceled'],
  ['sent', 'expired'],
  ['viewed', 'expired'],
  ['sent', 'bounced'],
  ['sent', 'failed'],
  ['sent', 'complained'],
  ['viewed', 'bounced'],
  ['viewed', 'failed'],
  ['viewed', 'complained'],
  ['bounced', 'sent'],
  ['failed', 'sent'],
  ['complained', 'sent'],
  ['bounced', 'canceled'],
  ['failed', 'canceled'],
  ['complained', 'canceled'],
];

function requestIn(status: AttestationRequestStatus): AttestationRequest {
  return anAttestationRequest({ status, sentAt: null, createdAt: NOW, updatedAt: NOW });
}

/** The one method that moves a request to each status. */
function moveTo(request: AttestationRequest, status: AttestationRequestStatus, at: Date): void {
  switch (status) {
    case 'sent':
      return request.markSent(at);
    case 'viewed':
      return request.markViewed(at);
    case 'attested':
      return request.markAttested(at);
    case 'canceled':
      return request.supersede(at);
    case 'expired':
      return request.expire(at);
    case 'bounced':
    case 'failed':
    case 'complained':
      return request.reportDeliveryProblem(status, at);
    case 'created':
      throw new IllegalTransitionError('nothing moves a request back to created');
  }
}

describe('AttestationRequest status transitions', () => {
  const pairs = ATTESTATION_REQUEST_STATUSES.flatMap((from) =>
    ATTESTATION_REQUEST_STATUSES.map((to) => [from, to] as const),
  );

  it.each(pairs.filter(([from, to]) => ALLOWED.some(([a, b]) => a === from && b === to)))(
    'allows %s -> %s',
    (from, to) => {
      const request = requestIn(from);
      moveTo(request, to, LATER);
      expect(request.status).toBe(to);
      expect(request.updatedAt).toEqual(LATER);
    },
  );

  it.each(pairs.filter(([from, to]) => !ALLOWED.some(([a, b]) => a === from && b === to)))(
    'refuses %s -> %s',
    (from, to) => {
      const request = requestIn(from);
      expect(() => moveTo(request, to, LATER)).toThrow(IllegalTransitionError);
      expect(request.status).toBe(from);
      expect(request.updatedAt).toEqual(NOW);
    },
  );

  it('refuses every move out of the final statuses', () => {
    for (const final of ['attested', 'canceled', 'expired'] as const) {
      expect(ATTESTATION_REQUEST_STATUSES.some((to) => requestIn(final).canMoveTo(to))).toBe(false);
    }
  });

  it('stamps the time of each move', () => {
    const request = requestIn('sent');
    request.markViewed(LATER);
    expect(request.viewedAt).toEqual(LATER);
    request.markAttested(LATER);
    expect(request.attestedAt).toEqual(LATER);
    const canceled = requestIn('bounced');
    canceled.supersede(LATER);
    expect(canceled.canceledAt).toEqual(LATER);
    const expired = requestIn('viewed');
    expired.expire(LATER);
    expect(expired.expiredAt).toEqual(LATER);
    const resent = requestIn('failed');
    resent.markSent(LATER);
    expect(resent.sentAt).toEqual(LATER);
  });

  it('counts created, sent, viewed and the delivery problems as open', () => {
    const open = ATTESTATION_REQUEST_STATUSES.filter((status) => requestIn(status).isOpen);
    expect(open).toEqual(['created', 'sent', 'viewed', 'bounced', 'failed', 'complained']);
  });
});

describe('AttestationRequest.issue', () => {
  it('creates a sent signature request with its page token hash', () => {
    const request = anIssuedRequest({
      source: 'system',
      accessTokenHashFor: (id: string) => `hash-of-${id}`,
      now: NOW,
    });
    expect(request.status).toBe('sent');
    expect(request.sentAt).toEqual(NOW);
    expect(request.requestedAttestationType).toBe('signature');
    expect(request.accessTokenHash).toBe(`hash-of-${request.id}`);
    expect(request.recipientMessage).toBeNull();
    expect(request.expiresAt).toBeNull();
    expect(request.requestedByUserId).toBeNull();
  });
});

describe('AttestationRequest.assertResendable', () => {
  it('lets an open request not past its expiry be sent again, and refuses a final or expired one', () => {
    expect(() => requestIn('bounced').assertResendable(NOW)).not.toThrow();
    expect(() => requestIn('attested').assertResendable(NOW)).toThrow(
      new IllegalTransitionError('An attestation request in status attested cannot be sent again.'),
    );
    const overdue = anIssuedRequest({ expiresAt: LATER, now: NOW });
    expect(() => overdue.assertResendable(NOW)).not.toThrow();
    expect(() => overdue.assertResendable(LATER)).toThrow(/has expired and cannot be sent again/);
  });
});

describe('AttestationRequest changes (what the repository persists with the row)', () => {
  it('records the issue, each status move and each reminder, and hands them over once', () => {
    const request = anIssuedRequest({ now: NOW });
    expect(request.takeChanges()).toEqual([{ type: 'issued', at: NOW }]);
    request.recordReminder(LATER);
    request.markViewed(LATER);
    expect(() => request.markViewed(LATER)).toThrow(IllegalTransitionError);
    expect(request.takeChanges()).toEqual([
      { type: 'reminded', reminderCount: 1, at: LATER },
      { type: 'status_changed', from: 'sent', to: 'viewed', at: LATER },
    ]);
    expect(request.takeChanges()).toEqual([]);
  });
});

describe('AttestationRequest.withdraw (the cancel an integrator or the operator asks for)', () => {
  it('cancels every open request', () => {
    for (const status of ['created', 'sent', 'viewed', 'bounced', 'failed', 'complained'] as const) {
      const request = requestIn(status);
      expect(request.withdraw(LATER)).toBe(true);
      expect(request).toMatchObject({
        status: 'canceled',
        canceledAt: LATER,
        updatedAt: LATER,
        cancelReason: 'canceled',
      });
    }
  });

  it('records why: `canceled` unless the person was archived', () => {
    const archived = requestIn('sent');
    expect(archived.withdraw(LATER, 'archived')).toBe(true);
    expect(archived).toMatchObject({ status: 'canceled', cancelReason: 'archived' });
    const canceled = requestIn('viewed');
    expect(canceled.withdraw(LATER, 'canceled')).toBe(true);
    expect(canceled.cancelReason).toBe('canceled');
  });

  it('leaves a canceled request exactly as it is', () => {
    const request = requestIn('canceled');
    request.takeChanges();
    expect(request.withdraw(LATER)).toBe(false);
    expect(request).toMatchObject({ status: 'canceled', canceledAt: null, updatedAt: NOW });
    expect(request.takeChanges()).toEqual([]);
  });

  it('refuses an attested or expired request, naming its status', () => {
    expect(() => requestIn('attested').withdraw(LATER)).toThrow('The attestation request is attested.');
    expect(() => requestIn('expired').withdraw(LATER)).toThrow('The attestation request is expired.');
  });
});

describe('AttestationRequest.remindOnRequest (a reminder asked for through the API)', () => {
  const active = { personArchived: false, documentArchived: false };

  it('stamps last_reminded_at and updated_at, records the reminder, and leaves the automatic count alone', () => {
    const request = requestIn('viewed');
    request.takeChanges();
    request.remindOnRequest(LATER, active);
    expect(request).toMatchObject({ status: 'viewed', lastRemindedAt: LATER, updatedAt: LATER, reminderCount: 0 });
    expect(request.takeChanges()).toEqual([{ type: 'reminded', reminderCount: 0, at: LATER }]);
  });

  it('refuses the status first, then the archived person or document or the expiry, then the hour', () => {
    const everything = { personArchived: true, documentArchived: true };
    expect(() => requestIn('bounced').remindOnRequest(LATER, everything)).toThrow(
      'The attestation request is bounced: send a new request instead, which cancels it.',
    );
    expect(() => requestIn('attested').remindOnRequest(LATER, active)).toThrow('The attestation request is attested.');
    const recent = requestIn('sent');
    recent.remindOnRequest(NOW, active);
    expect(() => recent.remindOnRequest(LATER, everything)).toThrow('The person is archived.');
    expect(() => recent.remindOnRequest(LATER, { ...everything, personArchived: false })).toThrow(
      'The document is archived.',
    );
    const soon = new Date(NOW.getTime() + 60 * 60 * 1000 - 1);
    expect(() => recent.remindOnRequest(soon, active)).toThrow('A reminder was sent less than an hour ago.');
    recent.remindOnRequest(new Date(soon.getTime() + 1), active);
    expect(recent.lastRemindedAt).toEqual(new Date(soon.getTime() + 1));
  });

  it('counts reminders only: a request sent just now may be reminded', () => {
    const request = requestIn('sent');
    request.markViewed(NOW);
    expect(() => request.remindOnRequest(NOW, active)).not.toThrow();
  });
});

describe('the status transition table, over many inputs', () => {
  const isAllowed = (from: AttestationRequestStatus, to: AttestationRequestStatus) =>
    ALLOWED.some(([a, b]) => a === from && b === to);
  const anyStatus = fc.constantFrom(...ATTESTATION_REQUEST_STATUSES);

  it('moves along allowed edges only, whatever is asked in whatever order, and records exactly the moves made', () => {
    fc.assert(
      fc.property(fc.array(anyStatus, { maxLength: 12 }), (asked) => {
        const request = anIssuedRequest({ now: NOW });
        request.takeChanges();
        const made: { from: AttestationRequestStatus; to: AttestationRequestStatus }[] = [];
        asked.forEach((to, i) => {
          const from = request.status;
          const at = new Date(NOW.getTime() + (i + 1) * 1000);
          expect(request.canMoveTo(to)).toBe(isAllowed(from, to));
          if (isAllowed(from, to)) {
            moveTo(request, to, at);
            made.push({ from, to });
            expect(request.updatedAt).toEqual(at);
          } else {
            expect(() => moveTo(request, to, at)).toThrow(IllegalTransitionError);
          }
          expect(request.status).toBe(made.length > 0 ? made[made.length - 1].to : 'sent');
        });
        const moves = request.takeChanges().map((change) => (change.type === 'status_changed' ? change : null));
        expect(moves.map((move) => move && { from: move.from, to: move.to })).toEqual(made);
      }),
    );
  });

  it('names, for each status, exactly the statuses a request may move to it from', () => {
    for (const to of ATTESTATION_REQUEST_STATUSES) {
      expect(statusesMovableTo(to)).toEqual(ATTESTATION_REQUEST_STATUSES.filter((from) => isAllowed(from, to)));
    }
    expect(statusesMovableTo('expired')).toEqual(['sent', 'viewed']);
  });

  it('is open exactly where it can still be canceled, and withdraws only from there', () => {
    fc.assert(
      fc.property(anyStatus, (status) => {
        const request = requestIn(status);
        expect(request.isOpen).toBe(isAllowed(status, 'canceled'));
        if (status === 'canceled') expect(request.withdraw(LATER)).toBe(false);
        else if (request.isOpen) expect(request.withdraw(LATER)).toBe(true);
        else expect(() => request.withdraw(LATER)).toThrow(IllegalTransitionError);
      }),
    );
  });

  it('has a delivery problem in bounced, failed and complained, and in no other status', () => {
    for (const status of ATTESTATION_REQUEST_STATUSES) {
      expect(requestIn(status).hasDeliveryProblem).toBe((DELIVERY_PROBLEMS as readonly string[]).includes(status));
    }
  });
});

describe('AttestationRequest rules no other suite pins', () => {
  const active = { personArchived: false, documentArchived: false };

  it('refuses a reminder asked for once the request is past its expiry, from the instant it expires', () => {
    const request = anAttestationRequest({ expiresAt: LATER });
    expect(() => request.remindOnRequest(LATER, active)).toThrow('The attestation request has expired.');
    expect(() => request.remindOnRequest(new Date(LATER.getTime() + 1), active)).toThrow(
      'The attestation request has expired.',
    );
    request.remindOnRequest(new Date(LATER.getTime() - 1), active);
    expect(request.lastRemindedAt).toEqual(new Date(LATER.getTime() - 1));
  });

  it.each(DELIVERY_PROBLEMS)('tells a %s request to send a new request instead of a reminder', (problem) => {
    expect(() => requestIn(problem).remindOnRequest(LATER, active)).toThrow(
      `The attestation request is ${problem}: send a new request instead, which cancels it.`,
    );
  });

  it('names the status of a closed request it will not remind', () => {
    for (const status of ['created', 'canceled', 'expired'] as const) {
      expect(() => requestIn(status).remindOnRequest(LATER, active)).toThrow(`The attestation request is ${status}.`);
    }
  });

  it('keeps the first view time when viewed again after a re-send', () => {
    const request = requestIn('sent');
    request.markViewed(NOW);
    request.reportDeliveryProblem('failed', LATER);
    request.markSent(LATER);
    request.markViewed(new Date(LATER.getTime() + 1000));
    expect(request.viewedAt).toEqual(NOW);
  });

  it('says why a move is refused', () => {
    expect(() => requestIn('attested').supersede(LATER)).toThrow(
      new IllegalTransitionError('An attestation request cannot go from attested to canceled.'),
    );
    expect(() => requestIn('canceled').recordReminder(LATER)).toThrow(
      new IllegalTransitionError('An attestation request in status canceled is not reminded.'),
    );
    const reminded = anAttestationRequest({ reminderCount: 3 });
    expect(() => reminded.recordReminder(LATER)).toThrow(
      new IllegalTransitionError('An attestation request is reminded at most 3 times.'),
    );
    expect(() => requestIn('expired').assertResendable(NOW)).toThrow(
      new IllegalTransitionError('An attestation request in status expired cannot be sent again.'),
    );
  });

  it('issues with everything it is given, and keeps its state to itself', () => {
    const request = anIssuedRequest({
      recipientMessage: 'Please sign',
      requestedByUserId: 'user',
      expiresAt: LATER,
      now: NOW,
    });
    expect(request.toSnapshot()).toMatchObject({
      recipientName: 'Ada Lovelace',
      recipientEmail: 'ada@example.test',
      source: 'oauth',
      status: 'sent',
      recipientMessage: 'Please sign',
      requestedByUserId: 'user',
      expiresAt: LATER,
      reminderCount: 0,
      lastRemindedAt: null,
      viewedAt: null,
      attestedAt: null,
      canceledAt: null,
      expiredAt: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(Object.isFrozen(request.toSnapshot())).toBe(true);
    expect(request.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    expect(anIssuedRequest({ now: NOW }).id).not.toBe(request.id);
  });
});

describe('AttestationRequest: delivery, cancel reasons and declining', () => {
  it('is delivered by email unless told otherwise', () => {
    expect(anIssuedRequest({ now: NOW }).delivery).toBe('email');
    expect(anIssuedRequest({ now: NOW, delivery: 'none' }).delivery).toBe('none');
  });

  it('names why it was canceled: withdrawn, superseded or declined', () => {
    const withdrawn = requestIn('sent');
    withdrawn.withdraw(LATER);
    expect(withdrawn).toMatchObject({ status: 'canceled', cancelReason: 'canceled', canceledAt: LATER });
    const superseded = requestIn('viewed');
    superseded.supersede(LATER);
    expect(superseded.cancelReason).toBe('superseded');
    expect(requestIn('sent').cancelReason).toBeNull();
  });

  it('records declined, then canceled, and keeps the trimmed reason (none when blank)', () => {
    const request = requestIn('viewed');
    request.decline(LATER, '  Not my policy.  ');
    expect(request).toMatchObject({
      status: 'canceled',
      cancelReason: 'declined',
      declineReason: 'Not my policy.',
      canceledAt: LATER,
    });
    expect(request.takeChanges()).toEqual([
      { type: 'declined', at: LATER },
      { type: 'status_changed', from: 'viewed', to: 'canceled', at: LATER },
    ]);
    const blank = requestIn('sent');
    blank.decline(LATER, '   ');
    expect(blank.declineReason).toBeNull();
  });

  it('takes a reason of 1,000 characters, not 1,001, and only on a page that can be signed', () => {
    const longest = requestIn('sent');
    longest.decline(LATER, 'é'.repeat(1000));
    expect(longest.declineReason).toHaveLength(1000);
    expect(() => requestIn('sent').decline(LATER, 'x'.repeat(1001))).toThrow(
      new IllegalTransitionError('A reason can be at most 1000 characters.'),
    );
    for (const status of ['attested', 'canceled', 'expired', 'bounced', 'created'] as const) {
      expect(() => requestIn(status).decline(LATER, null)).toThrow(
        new IllegalTransitionError(`An attestation request in status ${status} cannot be declined.`),
      );
    }
  });

  it('refuses a manual reminder of a request delivered without email', () => {
    const request = anAttestationRequest({ delivery: 'none', status: 'sent' });
    expect(() => request.remindOnRequest(LATER, { personArchived: false, documentArchived: false })).toThrow(
      new IllegalTransitionError('The attestation request is delivered without email: no reminder is sent.'),
    );
  });
});

describe('AttestationRequest.decline, from both sides', () => {
  it('is declined without a reason, and counts a reason’s characters, not its UTF-16 units', () => {
    const silent = requestIn('sent');
    silent.decline(LATER, null);
    expect(silent).toMatchObject({ status: 'canceled', cancelReason: 'declined', declineReason: null });
    const emoji = requestIn('viewed');
    emoji.decline(LATER, '😀'.repeat(1000));
    expect(emoji.declineReason).toBe('😀'.repeat(1000));
  });
});
