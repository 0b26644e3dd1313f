import { IllegalTransitionError, NotFoundError } from '@lib/core';
import { AttestationLinks } from '../../src/attestation-requests/application/attestation-links';
import { AttestationRequestRepository } from '../../src/attestation-requests/application/attestation-request.repository';
import { ExpireOverdueRequests } from '../../src/attestation-requests/application/expire-overdue-requests.use-case';
import { RenewDueAttestations } from '../../src/attestation-requests/application/renew-due-attestations.use-case';
import { RequestIssuer } from '../../src/attestation-requests/application/request-issuer';
import { ResendAttestationRequest } from '../../src/attestation-requests/application/resend-attestation-request.use-case';
import { SendDueReminders } from '../../src/attestation-requests/application/send-due-reminders.use-case';
import { AttestationRequest } from '../../src/attestation-requests/domain/attestation-request';
import { AppConfig } from '../../src/config/app-config';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ArchivePerson } from '../../src/people/application/archive-person.use-case';
import { AdapterContext, startAdapterContext } from '../support/adapter-context';
import { publishDocument } from '../support/attestation-page-fixtures';
import { createTenant } from '../support/fixtures';
import { createPerson } from '../support/membership-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-11-22T10:00:00.000Z');

/**
 * The lifecycle passes on their real adapters and the per-file database: what each changes, and what it writes to
 * the outbox. The sweeps serve every organization, so each test starts from empty requests and outbox.
 */
describe('request lifecycle use-cases (real adapters)', () => {
  let c: AdapterContext;

  beforeAll(async () => {
    c = await startAdapterContext({ now: START });
  });
  afterAll(async () => {
    await c?.close();
  });

  async function setup(options: { autoRenew?: { policy?: number; handbook?: number } } = {}) {
    await c.db.query(`TRUNCATE notifications, attestations, attestation_requests CASCADE`);
    c.clock.set(START);
    const tenant = await createTenant(c.app);
    const org = tenant.organizationId;
    const ada = await createPerson(c.app, org, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await createPerson(c.app, org, { firstName: 'Bob', lastName: 'Byron' });
    const document = (days?: number) =>
      publishDocument(c.app, org, { renewalIntervalDays: days ?? null, autoRenew: days !== undefined });
    const policy = await document(options.autoRenew?.policy);
    const handbook = await document(options.autoRenew?.handbook);
    const requests = c.app.get(AttestationRequestRepository);
    const links = c.app.get(AttestationLinks);
    const issue = async (
      person: { id: string; name: string; email: string },
      doc: { id: string; revisionId: string },
      expiresAt: Date | null = null,
    ) => {
      const request = AttestationRequest.issue({
        organizationId: org,
        documentId: doc.id,
        documentRevisionId: doc.revisionId,
        personId: person.id,
        recipientName: person.name,
        recipientEmail: person.email,
        source: 'oauth',
        expiresAt,
        accessTokenHashFor: (id) => links.tokenHashFor(id),
        now: c.clock.now(),
      });
      await requests.add(request);
      return request;
    };
    /** Applies a change to the stored request, as a use-case would. */
    const change = async (request: AttestationRequest, apply: (r: AttestationRequest) => void) => {
      apply(request);
      await requests.save(request);
    };
    const find = async (id: string) => (await requests.findAcrossOrganizations(id))!;
    const notifications = (): Promise<{ kind: string; person_id: string; attestation_request_ids: string }[]> =>
      c.db.query(`SELECT kind, person_id, attestation_request_ids::text FROM notifications ORDER BY id`);
    return {
      org,
      ada,
      bob,
      policy,
      handbook,
      issue,
      change,
      find,
      notifications,
      requests,
      expire: c.app.get(ExpireOverdueRequests),
      remind: c.app.get(SendDueReminders),
      renew: c.app.get(RenewDueAttestations),
      resend: c.app.get(ResendAttestationRequest),
    };
  }
  const idsOf = (literal: string) => literal.replace(/[{}]/g, '').split(',').sort();

  describe('AttestationRequestRepository', () => {
    it('takes the changes a request recorded as it writes them, where the event log belongs', async () => {
      const { issue, change, requests, ada, policy } = await setup();
      const request = await issue(ada, policy);
      expect(request.takeChanges()).toEqual([]);
      await change(request, (r) => r.markViewed(START));
      expect(request.takeChanges()).toEqual([]);
      const [viewed] = await requests.findForDelivery([request.id]);
      expect(viewed.takeChanges()).toEqual([]);
    });
  });

  describe('ExpireOverdueRequests', () => {
    it('expires the open requests whose expires_at has come, and answers their ids', async () => {
      const { issue, change, find, expire, ada, bob, policy, handbook } = await setup();
      const due = await issue(ada, policy, new Date(START.getTime() + DAY));
      const viewed = await issue(bob, policy, new Date(START.getTime() + DAY));
      await change(viewed, (r) => r.markViewed(START));
      const later = await issue(ada, handbook, new Date(START.getTime() + 2 * DAY));
      const never = await issue(bob, handbook);

      c.clock.set(new Date(START.getTime() + DAY));
      expect((await expire.execute()).sort()).toEqual([due.id, viewed.id].sort());
      expect(await find(due.id)).toMatchObject({ status: 'expired', expiredAt: c.clock.now() });
      expect((await find(viewed.id)).status).toBe('expired');
      expect((await find(later.id)).status).toBe('sent');
      expect((await find(never.id)).status).toBe('sent');
      expect(await expire.execute()).toEqual([]);
    });

    it('leaves signed and undeliverable requests alone (the domain allows them no move to expired)', async () => {
      const { issue, change, find, expire, ada, bob, policy } = await setup();
      const signed = await issue(ada, policy, START);
      await change(signed, (r) => {
        r.markViewed(START);
        r.markAttested(START);
      });
      const bounced = await issue(bob, policy, START);
      await change(bounced, (r) => r.reportDeliveryProblem('bounced', START));
      c.clock.advance(DAY);
      expect(await expire.execute()).toEqual([]);
      expect([(await find(signed.id)).status, (await find(bounced.id)).status]).toEqual(['attested', 'bounced']);
    });
  });

  describe('SendDueReminders', () => {
    it('reminds due requests, one reminder notification per person listing all of theirs', async () => {
      const { issue, find, remind, notifications, ada, bob, policy, handbook } = await setup();
      const adaPolicy = await issue(ada, policy);
      const adaHandbook = await issue(ada, handbook);
      const bobPolicy = await issue(bob, policy);
      c.clock.advance(3 * DAY - 1);
      expect(await remind.execute()).toEqual({ requestIds: [] });

      c.clock.advance(1);
      const sent = await remind.execute();
      expect(sent.requestIds.sort()).toEqual([adaPolicy.id, adaHandbook.id, bobPolicy.id].sort());
      const written = await notifications();
      expect(written.map((n) => [n.kind, n.person_id, idsOf(n.attestation_request_ids)])).toEqual(
        expect.arrayContaining([
          ['reminder', ada.id, [adaPolicy.id, adaHandbook.id].sort()],
          ['reminder', bob.id, [bobPolicy.id]],
        ]),
      );
      expect(written).toHaveLength(2);
      expect(await find(adaPolicy.id)).toMatchObject({ reminderCount: 1, lastRemindedAt: c.clock.now() });
      expect(await remind.execute()).toEqual({ requestIds: [] });
    });

    it('follows REMINDER_INTERVAL_DAYS and skips requests past their expiry', async () => {
      const { issue, ada, bob, policy } = await setup();
      const weekly = new SendDueReminders(
        c.app.get(UnitOfWork),
        c.app.get(AttestationRequestRepository),
        c.app.get(RequestIssuer),
        new AppConfig({ REMINDER_INTERVAL_DAYS: '7' }),
        c.clock,
      );
      const open = await issue(ada, policy);
      await issue(bob, policy, new Date(START.getTime() + 7 * DAY));
      c.clock.advance(6 * DAY);
      expect((await weekly.execute()).requestIds).toEqual([]);
      c.clock.advance(DAY);
      expect((await weekly.execute()).requestIds).toEqual([open.id]);
    });
  });

  describe('RenewDueAttestations', () => {
    const attested = async (s: Awaited<ReturnType<typeof setup>>, ...args: Parameters<typeof s.issue>) => {
      const request = await s.issue(...args);
      await s.change(request, (r) => {
        r.markViewed(START);
        r.markAttested(START);
      });
      return request;
    };

    it('issues a system request for the latest revision once the interval has passed, and only once', async () => {
      const s = await setup({ autoRenew: { policy: 30 } });
      const previous = await attested(s, s.ada, s.policy);
      c.clock.set(new Date(START.getTime() + 30 * DAY));
      expect(await s.renew.execute()).toEqual({ requestIds: [] });

      c.clock.advance(1);
      const issued = await s.renew.execute();
      expect(issued.requestIds).toHaveLength(1);
      const renewal = await s.find(issued.requestIds[0]);
      expect(renewal).toMatchObject({
        status: 'sent',
        source: 'system',
        personId: s.ada.id,
        documentId: s.policy.id,
        documentRevisionId: s.policy.revisionId,
        requestedByUserId: null,
        sentAt: c.clock.now(),
      });
      expect(renewal.id).not.toBe(previous.id);
      const [notification] = await s.notifications();
      expect(notification).toMatchObject({ kind: 'renewal', person_id: s.ada.id });
      expect(idsOf(notification.attestation_request_ids)).toEqual([renewal.id]);
      expect(await s.renew.execute()).toEqual({ requestIds: [] });
    });

    it('renews nothing for an archived person or document, or a document that no longer needs a signature', async () => {
      const s = await setup({ autoRenew: { policy: 1, handbook: 1 } });
      await attested(s, s.ada, s.policy);
      await attested(s, s.bob, s.policy);
      await attested(s, s.bob, s.handbook);
      await c.app.get(ArchivePerson).execute({ personId: s.ada.id });
      await c.db.query(`UPDATE documents SET requires_signature = false WHERE id = $1`, [s.handbook.id]);
      c.clock.advance(2 * DAY);
      const issued = await s.renew.execute();
      expect(issued.requestIds).toHaveLength(1);
      expect(await s.find(issued.requestIds[0])).toMatchObject({ personId: s.bob.id, documentId: s.policy.id });
    });
  });

  describe('ResendAttestationRequest', () => {
    it('writes the request email to the outbox again, leaving the status to the delivery', async () => {
      const { issue, change, find, resend, notifications, org, ada, policy } = await setup();
      const request = await issue(ada, policy);
      await change(request, (r) => r.reportDeliveryProblem('bounced', START));
      await resend.execute({ requestId: request.id.toUpperCase(), organizationId: org });
      const [notification] = await notifications();
      expect(notification).toMatchObject({ kind: 'request_sent' });
      expect(idsOf(notification.attestation_request_ids)).toEqual([request.id]);
      expect((await find(request.id)).status).toBe('bounced');
    });

    it('refuses an unknown, final or expired request', async () => {
      const { issue, change, resend, org, ada, bob, policy } = await setup();
      await expect(resend.execute({ requestId: '01jd00000000000000000000zz', organizationId: org })).rejects.toThrow(
        NotFoundError,
      );
      const canceled = await issue(ada, policy);
      await change(canceled, (r) => r.withdraw(START));
      await expect(resend.execute({ requestId: canceled.id, organizationId: org })).rejects.toThrow(
        IllegalTransitionError,
      );
      const overdue = await issue(bob, policy, new Date(START.getTime() + DAY));
      c.clock.advance(DAY);
      await expect(resend.execute({ requestId: overdue.id, organizationId: org })).rejects.toThrow(/expired/);
    });

    it("does not find another organization's request", async () => {
      const { issue, resend, ada, policy } = await setup();
      const request = await issue(ada, policy);
      const other = await createTenant(c.app);
      await expect(resend.execute({ requestId: request.id, organizationId: other.organizationId })).rejects.toThrow(
        NotFoundError,
      );
    });
  });
});
