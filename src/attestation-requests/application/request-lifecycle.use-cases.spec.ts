import { FixedClock, IllegalTransitionError, NotFoundError } from '@lib/core';
import { AppConfig } from '../../config/app-config';
import {
  ImmediateUnitOfWork,
  InMemoryAttestationRequests,
  InMemoryOutbox,
  InMemoryRequestTargets,
  inMemoryIssuer,
} from '../../../test/support/in-memory-ports';
import { AttestationRequest } from '../domain/attestation-request';
import { AttestationLinks } from './attestation-links';
import { ExpireOverdueRequests } from './expire-overdue-requests.use-case';
import { RenewDueAttestations } from './renew-due-attestations.use-case';
import { ResendAttestationRequest } from './resend-attestation-request.use-case';
import { SendDueReminders } from './send-due-reminders.use-case';

const ORG = '01jd00000000000000000000a0';
const ADA = '01jd00000000000000000000b0';
const BOB = '01jd00000000000000000000b1';
const POLICY = '01jd00000000000000000000c0';
const HANDBOOK = '01jd00000000000000000000c1';
const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-11-22T10:00:00.000Z');

/** The lifecycle passes on in-memory ports: what each changes, and what it writes to the outbox. */
function setup(env: Record<string, string> = {}) {
  const config = new AppConfig({ APP_KEY: 'k'.repeat(32), APP_URL: 'https://app.test', ...env });
  const clock = new FixedClock(START);
  const requests = new InMemoryAttestationRequests();
  const targets = new InMemoryRequestTargets();
  const outbox = new InMemoryOutbox();
  const links = new AttestationLinks(config);
  const unitOfWork = new ImmediateUnitOfWork();
  for (const [id, name] of [
    [ADA, 'Ada Lovelace'],
    [BOB, 'Bob Byron'],
  ]) {
    targets.people.set(id, { id, organizationId: ORG, name, email: `${id}@example.test`, archived: false });
  }
  for (const [id, revision] of [
    [POLICY, '01jd00000000000000000000d0'],
    [HANDBOOK, '01jd00000000000000000000d1'],
  ]) {
    targets.documents.set(id, {
      id,
      organizationId: ORG,
      name: id,
      requiresSignature: true,
      archived: false,
      latestRevisionId: revision,
    });
  }
  const issue = async (personId: string, documentId: string, expiresAt: Date | null = null) => {
    const request = AttestationRequest.issue({
      organizationId: ORG,
      documentId,
      documentRevisionId: targets.documents.get(documentId)!.latestRevisionId!,
      personId,
      recipientName: targets.people.get(personId)!.name,
      recipientEmail: targets.people.get(personId)!.email,
      source: 'oauth',
      expiresAt,
      accessTokenHashFor: (id) => links.tokenHashFor(id),
      now: clock.now(),
    });
    await requests.add(request);
    return request;
  };
  const { issuer, queue } = inMemoryIssuer({ unitOfWork, requests, outbox, config, clock });
  return {
    config,
    clock,
    requests,
    targets,
    outbox,
    queue,
    issue,
    expire: new ExpireOverdueRequests(unitOfWork, requests, clock),
    remind: new SendDueReminders(unitOfWork, requests, issuer, config, clock),
    renew: new RenewDueAttestations(unitOfWork, requests, targets, issuer, clock),
    resend: new ResendAttestationRequest(unitOfWork, requests, issuer, clock),
  };
}

describe('ExpireOverdueRequests', () => {
  it('expires the open requests whose expires_at has come, and answers their ids', async () => {
    const { issue, expire, clock } = setup();
    const due = await issue(ADA, POLICY, new Date(START.getTime() + DAY));
    const viewed = await issue(BOB, POLICY, new Date(START.getTime() + DAY));
    viewed.markViewed(START);
    const later = await issue(ADA, HANDBOOK, new Date(START.getTime() + 2 * DAY));
    const never = await issue(BOB, HANDBOOK);

    clock.set(new Date(START.getTime() + DAY));
    expect((await expire.execute()).sort()).toEqual([due.id, viewed.id].sort());
    expect(due).toMatchObject({ status: 'expired', expiredAt: clock.now() });
    expect(viewed.status).toBe('expired');
    expect(later.status).toBe('sent');
    expect(never.status).toBe('sent');
    expect(await expire.execute()).toEqual([]);
  });

  it('leaves signed and undeliverable requests alone (the domain allows them no move to expired)', async () => {
    const { issue, expire, clock } = setup();
    const signed = await issue(ADA, POLICY, START);
    signed.markViewed(START);
    signed.markAttested(START);
    const bounced = await issue(BOB, POLICY, START);
    bounced.reportDeliveryProblem('bounced', START);
    clock.advance(DAY);
    expect(await expire.execute()).toEqual([]);
    expect([signed.status, bounced.status]).toEqual(['attested', 'bounced']);
  });
});

describe('SendDueReminders', () => {
  it('reminds due requests, one reminder notification per person listing all of theirs', async () => {
    const { issue, remind, outbox, queue, clock } = setup();
    const adaPolicy = await issue(ADA, POLICY);
    const adaHandbook = await issue(ADA, HANDBOOK);
    const bobPolicy = await issue(BOB, POLICY);
    clock.advance(3 * DAY - 1);
    expect(await remind.execute()).toEqual({ requestIds: [] });

    clock.advance(1);
    const sent = await remind.execute();
    expect(sent.requestIds.sort()).toEqual([adaPolicy.id, adaHandbook.id, bobPolicy.id].sort());
    const notifications = [...outbox.rows.values()];
    // Every notification written is relayed once its transaction commits.
    expect(notifications.map((n) => n.id).sort()).toEqual([...queue.added].sort());
    expect(notifications.map((n) => [n.kind, n.personId, [...n.attestationRequestIds].sort()])).toEqual(
      expect.arrayContaining([
        ['reminder', ADA, [adaPolicy.id, adaHandbook.id].sort()],
        ['reminder', BOB, [bobPolicy.id]],
      ]),
    );
    expect(notifications).toHaveLength(2);
    expect(adaPolicy).toMatchObject({ reminderCount: 1, lastRemindedAt: clock.now() });
    expect(await remind.execute()).toEqual({ requestIds: [] });
  });

  it('follows REMINDER_INTERVAL_DAYS and skips requests past their expiry', async () => {
    const { issue, remind, clock } = setup({ REMINDER_INTERVAL_DAYS: '7' });
    const open = await issue(ADA, POLICY);
    await issue(BOB, POLICY, new Date(START.getTime() + 7 * DAY));
    clock.advance(6 * DAY);
    expect((await remind.execute()).requestIds).toEqual([]);
    clock.advance(DAY);
    expect((await remind.execute()).requestIds).toEqual([open.id]);
  });
});

describe('RenewDueAttestations', () => {
  async function attested(setupResult: ReturnType<typeof setup>, personId: string, documentId: string) {
    const request = await setupResult.issue(personId, documentId);
    request.markViewed(START);
    request.markAttested(START);
    return request;
  }

  it('issues a system request for the latest revision once the interval has passed, and only once', async () => {
    const s = setup();
    s.requests.autoRenewing.set(POLICY, 30);
    const previous = await attested(s, ADA, POLICY);
    s.clock.set(new Date(START.getTime() + 30 * DAY));
    expect(await s.renew.execute()).toEqual({ requestIds: [] });

    s.clock.advance(1);
    const issued = await s.renew.execute();
    expect(issued.requestIds).toHaveLength(1);
    const renewal = await s.requests.findAcrossOrganizations(issued.requestIds[0]);
    expect(renewal).toMatchObject({
      status: 'sent',
      source: 'system',
      personId: ADA,
      documentId: POLICY,
      documentRevisionId: '01jd00000000000000000000d0',
      requestedByUserId: null,
      sentAt: s.clock.now(),
    });
    expect(renewal!.id).not.toBe(previous.id);
    const [notification] = s.outbox.rows.values();
    expect(notification).toMatchObject({ kind: 'renewal', personId: ADA, attestationRequestIds: [renewal!.id] });
    expect(await s.renew.execute()).toEqual({ requestIds: [] });
  });

  it('renews nothing for an archived person or document, or a document that no longer needs a signature', async () => {
    const s = setup();
    s.requests.autoRenewing.set(POLICY, 1);
    s.requests.autoRenewing.set(HANDBOOK, 1);
    await attested(s, ADA, POLICY);
    await attested(s, BOB, POLICY);
    await attested(s, BOB, HANDBOOK);
    s.targets.people.get(ADA)!.archived = true;
    s.targets.documents.get(HANDBOOK)!.requiresSignature = false;
    s.clock.advance(2 * DAY);
    const issued = await s.renew.execute();
    expect(issued.requestIds).toHaveLength(1);
    expect(await s.requests.findAcrossOrganizations(issued.requestIds[0])).toMatchObject({
      personId: BOB,
      documentId: POLICY,
    });
  });
});

describe('ResendAttestationRequest', () => {
  it('writes the request email to the outbox again, leaving the status to the delivery', async () => {
    const { issue, resend, outbox, queue } = setup();
    const request = await issue(ADA, POLICY);
    request.reportDeliveryProblem('bounced', START);
    await resend.execute({ requestId: request.id.toUpperCase(), organizationId: ORG });
    const [notificationId] = queue.added;
    expect(outbox.rows.get(notificationId)).toMatchObject({
      kind: 'request_sent',
      attestationRequestIds: [request.id],
    });
    expect(request.status).toBe('bounced');
  });

  it('refuses an unknown, final or expired request', async () => {
    const { issue, resend, clock } = setup();
    await expect(resend.execute({ requestId: '01jd00000000000000000000zz', organizationId: ORG })).rejects.toThrow(
      NotFoundError,
    );
    const canceled = await issue(ADA, POLICY);
    canceled.cancel(START);
    await expect(resend.execute({ requestId: canceled.id, organizationId: ORG })).rejects.toThrow(
      IllegalTransitionError,
    );
    const overdue = await issue(BOB, POLICY, new Date(START.getTime() + DAY));
    clock.advance(DAY);
    await expect(resend.execute({ requestId: overdue.id, organizationId: ORG })).rejects.toThrow(/expired/);
  });
});
