import { FixedClock } from '@lib/core';
import { AppConfig } from '../../config/app-config';
import { DeliverNotification } from '../../notifications/application/deliver-notification.use-case';
import { Mailer, OutgoingEmail } from '../../notifications/application/mailer';
import { NotificationDetails } from '../../notifications/application/notification-details';
import { PermanentDeliveryError } from '../../notifications/application/permanent-delivery.error';
import { Notification } from '../../notifications/domain/notification';
import {
  ImmediateUnitOfWork,
  InMemoryAttestationRequests,
  InMemoryOutbox,
} from '../../../test/support/in-memory-ports';
import { AttestationLinks } from '../application/attestation-links';
import { AttestationRequest } from '../domain/attestation-request';
import { RequestsForDelivery } from './requests-for-delivery';

class RecordingMailer extends Mailer {
  readonly sent: OutgoingEmail[] = [];
  failWith: Error | null = null;
  async send(email: OutgoingEmail) {
    if (this.failWith) throw this.failWith;
    this.sent.push(email);
  }
}

class FixedDetails extends NotificationDetails {
  async organizationName() {
    return 'Acme';
  }
  async documentNames(ids: readonly string[]) {
    return new Map(ids.map((id) => [id, `Document ${id.slice(-2)}`]));
  }
}

const ORG = '01jd00000000000000000000a0';
const PERSON = '01jd00000000000000000000b0';

function setup() {
  const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));
  const config = new AppConfig({ APP_KEY: 'k'.repeat(32), APP_URL: 'https://app.test' });
  const requests = new InMemoryAttestationRequests();
  const outbox = new InMemoryOutbox();
  const mailer = new RecordingMailer();
  const links = new AttestationLinks(config);
  const deliver = new DeliverNotification(
    new ImmediateUnitOfWork(),
    outbox,
    new RequestsForDelivery(requests, links),
    new FixedDetails(),
    mailer,
    clock,
  );
  const issue = (documentId: string) => {
    const request = AttestationRequest.issue({
      organizationId: ORG,
      documentId,
      documentRevisionId: '01jd00000000000000000000d0',
      personId: PERSON,
      recipientName: 'Ada',
      recipientEmail: 'ada@example.test',
      source: 'system',
      recipientMessage: 'ignored for group emails',
      accessTokenHashFor: (id) => links.tokenHashFor(id),
      now: clock.now(),
    });
    requests.rows.set(request.id, request);
    return request;
  };
  const announce = (requestIds: string[], kind: 'requests_issued' | 'request_sent' = 'requests_issued') => {
    const notification = Notification.announce({
      organizationId: ORG,
      personId: PERSON,
      kind,
      attestationRequestIds: requestIds,
      now: clock.now(),
    });
    outbox.rows.set(notification.id, notification);
    return notification;
  };
  return { deliver, requests, outbox, mailer, links, issue, announce };
}

/** The worker's delivery, with the requests' side of its port (RequestsForDelivery) on in-memory requests. */
describe('DeliverNotification', () => {
  it('sends one email listing every open request, then marks the notification sent', async () => {
    const { deliver, mailer, links, issue, announce } = setup();
    const [a, b] = [issue('01jd00000000000000000000c1'), issue('01jd00000000000000000000c2')];
    const notification = announce([a.id, b.id]);
    expect(await deliver.execute({ notificationId: notification.id, attempt: 1, isFinal: false })).toBe('sent');
    expect(mailer.sent).toHaveLength(1);
    const [email] = mailer.sent;
    expect(email.to).toEqual({ name: 'Ada', address: 'ada@example.test' });
    expect(email.messageId).toBe(`<notification-${notification.id}@attestations>`);
    expect(email.text).toContain(links.pageUrlFor(a.id));
    expect(email.text).toContain(links.pageUrlFor(b.id));
    expect(email.text).not.toContain('ignored for group emails');
    expect(notification).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends nothing the second time', async () => {
    const { deliver, mailer, issue, announce } = setup();
    const notification = announce([issue('01jd00000000000000000000c1').id]);
    await deliver.execute({ notificationId: notification.id, attempt: 1, isFinal: false });
    expect(await deliver.execute({ notificationId: notification.id, attempt: 1, isFinal: false })).toBe('already_done');
    expect(mailer.sent).toHaveLength(1);
  });

  it('carries the message of a request sent through the API', async () => {
    const { deliver, mailer, issue, announce } = setup();
    const notification = announce([issue('01jd00000000000000000000c1').id], 'request_sent');
    await deliver.execute({ notificationId: notification.id, attempt: 1, isFinal: false });
    expect(mailer.sent[0].text).toContain('ignored for group emails');
  });

  it('leaves out closed requests, and sends nothing when none is open', async () => {
    const { deliver, mailer, issue, announce } = setup();
    const [open, canceled] = [issue('01jd00000000000000000000c1'), issue('01jd00000000000000000000c2')];
    canceled.cancel(new Date());
    const both = announce([open.id, canceled.id]);
    await deliver.execute({ notificationId: both.id, attempt: 1, isFinal: false });
    expect(mailer.sent[0].text).toContain('Document c1');
    expect(mailer.sent[0].text).not.toContain('Document c2');
    const onlyClosed = announce([canceled.id]);
    expect(await deliver.execute({ notificationId: onlyClosed.id, attempt: 1, isFinal: false })).toBe('obsolete');
    expect(mailer.sent).toHaveLength(1);
  });

  it('records a failed attempt and rethrows, leaving the requests sent, until the last attempt', async () => {
    const { deliver, mailer, issue, announce } = setup();
    const request = issue('01jd00000000000000000000c1');
    const notification = announce([request.id]);
    mailer.failWith = new Error('connection refused');
    await expect(deliver.execute({ notificationId: notification.id, attempt: 1, isFinal: false })).rejects.toThrow(
      'connection refused',
    );
    expect(notification).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    expect(request.status).toBe('sent');
    await expect(deliver.execute({ notificationId: notification.id, attempt: 2, isFinal: true })).rejects.toThrow();
    expect(notification).toMatchObject({ status: 'failed', attempts: 2 });
    expect(request.status).toBe('failed');
  });

  it('ignores the final failure of an email that a newer one has superseded (a re-send already delivered)', async () => {
    const { deliver, mailer, issue, announce } = setup();
    const request = issue('01jd00000000000000000000c1');
    const first = announce([request.id]);
    mailer.failWith = new Error('451 try later');
    await expect(deliver.execute({ notificationId: first.id, attempt: 1, isFinal: false })).rejects.toThrow();
    mailer.failWith = null;
    const resent = announce([request.id], 'request_sent');
    expect(await deliver.execute({ notificationId: resent.id, attempt: 1, isFinal: false })).toBe('sent');
    mailer.failWith = new Error('451 try later');
    await expect(deliver.execute({ notificationId: first.id, attempt: 5, isFinal: true })).rejects.toThrow();
    expect(first.status).toBe('failed');
    expect(request.status).toBe('sent');
  });

  it('bounces the requests at once on a permanent rejection', async () => {
    const { deliver, mailer, issue, announce } = setup();
    const request = issue('01jd00000000000000000000c1');
    const notification = announce([request.id]);
    mailer.failWith = new PermanentDeliveryError('550 no such user');
    await expect(
      deliver.execute({ notificationId: notification.id, attempt: 1, isFinal: false }),
    ).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(notification.status).toBe('failed');
    expect(request.status).toBe('bounced');
  });

  it('moves requests with a delivery problem back to sent on a successful send', async () => {
    const { deliver, issue, announce } = setup();
    const request = issue('01jd00000000000000000000c1');
    request.reportDeliveryProblem('failed', new Date());
    const notification = announce([request.id]);
    await deliver.execute({ notificationId: notification.id, attempt: 1, isFinal: false });
    expect(request.status).toBe('sent');
  });
});
