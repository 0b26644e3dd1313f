import { AttestationLinks } from '../../src/attestation-requests/application/attestation-links';
import { AttestationRequestRepository } from '../../src/attestation-requests/application/attestation-request.repository';
import { AttestationRequest } from '../../src/attestation-requests/domain/attestation-request';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { AnnouncedRequests } from '../../src/notifications/application/announced-requests';
import { DeliverNotification } from '../../src/notifications/application/deliver-notification.use-case';
import { Mailer, OutgoingEmail } from '../../src/notifications/application/mailer';
import { NotificationOutbox } from '../../src/notifications/application/notification-outbox';
import { PermanentDeliveryError } from '../../src/notifications/application/permanent-delivery.error';
import { Notification, NotificationKind } from '../../src/notifications/domain/notification';
import { TypeormNotificationDetails } from '../../src/notifications/infrastructure/typeorm-notification-details';
import { AdapterContext, startAdapterContext } from '../support/adapter-context';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson, PersonFixture } from '../support/membership-fixtures';

class RecordingMailer extends Mailer {
  readonly sent: OutgoingEmail[] = [];
  failWith: Error | null = null;
  async send(email: OutgoingEmail) {
    if (this.failWith) throw this.failWith;
    this.sent.push(email);
  }
}

/**
 * The worker's delivery on its real adapters: the outbox, the requests' side of its port (RequestsForDelivery)
 * and the names it reads, on the per-file database; only the SMTP server is a recording stand-in.
 */
describe('DeliverNotification (real adapters)', () => {
  let c: AdapterContext;
  let tenant: Tenant;

  beforeAll(async () => {
    c = await startAdapterContext();
    tenant = await createTenant(c.app, { name: 'Acme' });
  });
  afterAll(async () => {
    await c?.close();
  });

  async function setup() {
    const person: PersonFixture = await createPerson(c.app, tenant.organizationId, { firstName: 'Ada', lastName: 'L' });
    const mailer = new RecordingMailer();
    const links = c.app.get(AttestationLinks);
    const requests = c.app.get(AttestationRequestRepository);
    const outbox = c.app.get(NotificationOutbox);
    const deliver = new DeliverNotification(
      c.app.get(UnitOfWork),
      outbox,
      c.app.get(AnnouncedRequests),
      new TypeormNotificationDetails(c.db),
      mailer,
      c.clock,
    );
    const issue = async (documentName: string) => {
      const document = await createDocument(c.app, tenant.organizationId, { name: documentName });
      const request = AttestationRequest.issue({
        organizationId: tenant.organizationId,
        documentId: document.id,
        documentRevisionId: document.revisionId!,
        personId: person.id,
        recipientName: 'Ada',
        recipientEmail: person.email,
        source: 'system',
        recipientMessage: 'ignored for group emails',
        accessTokenHashFor: (id) => links.tokenHashFor(id),
        now: c.clock.now(),
      });
      await requests.add(request);
      return request;
    };
    const announce = async (requestIds: string[], kind: NotificationKind = 'requests_issued') => {
      const notification = Notification.announce({
        organizationId: tenant.organizationId,
        personId: person.id,
        kind,
        attestationRequestIds: requestIds,
        now: c.clock.now(),
      });
      await outbox.addMany([notification]);
      return notification;
    };
    const change = async (request: AttestationRequest, apply: (r: AttestationRequest) => void) => {
      apply(request);
      await requests.save(request);
    };
    const statusOf = async (request: AttestationRequest) =>
      (await requests.findAcrossOrganizations(request.id))!.status;
    const stored = async (notification: Notification) =>
      (
        await c.db.query(`SELECT status, attempts, last_error AS "lastError" FROM notifications WHERE id = $1`, [
          notification.id,
        ])
      )[0];
    return { person, deliver, mailer, links, issue, announce, change, statusOf, stored };
  }
  const attempt = (notification: Notification, n = 1, isFinal = false) => ({
    notificationId: notification.id,
    attempt: n,
    isFinal,
  });

  it('sends one email listing every open request, then marks the notification sent', async () => {
    const { person, deliver, mailer, links, issue, announce, stored } = await setup();
    const [a, b] = [await issue('Document c1'), await issue('Document c2')];
    const notification = await announce([a.id, b.id]);
    expect(await deliver.execute(attempt(notification))).toBe('sent');
    expect(mailer.sent).toHaveLength(1);
    const [email] = mailer.sent;
    expect(email.to).toEqual({ name: 'Ada', address: person.email });
    expect(email.messageId).toBe(`<notification-${notification.id}@attestations>`);
    expect(email.text).toContain(links.pageUrlFor(a.id));
    expect(email.text).toContain(links.pageUrlFor(b.id));
    expect(email.text).not.toContain('ignored for group emails');
    expect(await stored(notification)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends nothing the second time', async () => {
    const { deliver, mailer, issue, announce } = await setup();
    const notification = await announce([(await issue('Document c1')).id]);
    await deliver.execute(attempt(notification));
    expect(await deliver.execute(attempt(notification))).toBe('already_done');
    expect(mailer.sent).toHaveLength(1);
  });

  it('carries the message of a request sent through the API', async () => {
    const { deliver, mailer, issue, announce } = await setup();
    const notification = await announce([(await issue('Document c1')).id], 'request_sent');
    await deliver.execute(attempt(notification));
    expect(mailer.sent[0].text).toContain('ignored for group emails');
  });

  it('leaves out closed requests, and sends nothing when none is open', async () => {
    const { deliver, mailer, issue, announce, change } = await setup();
    const [open, canceled] = [await issue('Document c1'), await issue('Document c2')];
    await change(canceled, (r) => r.withdraw(new Date()));
    const both = await announce([open.id, canceled.id]);
    await deliver.execute(attempt(both));
    expect(mailer.sent[0].text).toContain('Document c1');
    expect(mailer.sent[0].text).not.toContain('Document c2');
    const onlyClosed = await announce([canceled.id]);
    expect(await deliver.execute(attempt(onlyClosed))).toBe('obsolete');
    expect(mailer.sent).toHaveLength(1);
  });

  it('records a failed attempt and rethrows, leaving the requests sent, until the last attempt', async () => {
    const { deliver, mailer, issue, announce, statusOf, stored } = await setup();
    const request = await issue('Document c1');
    const notification = await announce([request.id]);
    mailer.failWith = new Error('connection refused');
    await expect(deliver.execute(attempt(notification))).rejects.toThrow('connection refused');
    expect(await stored(notification)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'connection refused',
    });
    expect(await statusOf(request)).toBe('sent');
    await expect(deliver.execute(attempt(notification, 2, true))).rejects.toThrow();
    expect(await stored(notification)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await statusOf(request)).toBe('failed');
  });

  it('ignores the final failure of an email that a newer one has superseded (a re-send already delivered)', async () => {
    const { deliver, mailer, issue, announce, statusOf, stored } = await setup();
    const request = await issue('Document c1');
    const first = await announce([request.id]);
    mailer.failWith = new Error('451 try later');
    await expect(deliver.execute(attempt(first))).rejects.toThrow();
    mailer.failWith = null;
    const resent = await announce([request.id], 'request_sent');
    expect(await deliver.execute(attempt(resent))).toBe('sent');
    mailer.failWith = new Error('451 try later');
    await expect(deliver.execute(attempt(first, 5, true))).rejects.toThrow();
    expect((await stored(first)).status).toBe('failed');
    expect(await statusOf(request)).toBe('sent');
  });

  it('bounces the requests at once on a permanent rejection', async () => {
    const { deliver, mailer, issue, announce, statusOf, stored } = await setup();
    const request = await issue('Document c1');
    const notification = await announce([request.id]);
    mailer.failWith = new PermanentDeliveryError('550 no such user');
    await expect(deliver.execute(attempt(notification))).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect((await stored(notification)).status).toBe('failed');
    expect(await statusOf(request)).toBe('bounced');
  });

  it('moves requests with a delivery problem back to sent on a successful send', async () => {
    const { deliver, issue, announce, change, statusOf } = await setup();
    const request = await issue('Document c1');
    await change(request, (r) => r.reportDeliveryProblem('failed', new Date()));
    const notification = await announce([request.id]);
    await deliver.execute(attempt(notification));
    expect(await statusOf(request)).toBe('sent');
  });
});
