import { AsyncLocalStorage } from 'node:async_hooks';
import { AttestationRequestRepository } from '../../src/attestation-requests/application/attestation-request.repository';
import { CancelAttestationRequest } from '../../src/attestation-requests/application/cancel-attestation-request.use-case';
import type { AttestationRequest } from '../../src/attestation-requests/domain/attestation-request';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { AnnouncedRequests } from '../../src/notifications/application/announced-requests';
import { DeliverNotification } from '../../src/notifications/application/deliver-notification.use-case';
import { Mailer } from '../../src/notifications/application/mailer';
import { NotificationOutbox } from '../../src/notifications/application/notification-outbox';
import { PermanentDeliveryError } from '../../src/notifications/application/permanent-delivery.error';
import { TypeormNotificationDetails } from '../../src/notifications/infrastructure/typeorm-notification-details';
import { issueRequest, openForm, submitForm } from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** A mailer that lets something else happen to the requests while the SMTP server is still answering. */
class MeanwhileMailer extends Mailer {
  constructor(
    private readonly meanwhile: () => Promise<void>,
    private readonly failure: Error | null,
  ) {
    super();
  }
  async send(): Promise<void> {
    await this.meanwhile();
    if (this.failure) throw this.failure;
  }
}

/**
 * A delivery takes seconds; the requests it announces can be signed or canceled meanwhile. The outcome of the
 * delivery applies to the requests as they are once the server has answered, never to the copy read before.
 * No worker runs here (REDIS_URL is set), so each notification is delivered only by the call in the test.
 */
describe('delivery racing a change of its requests', () => {
  let t: TestApp;
  let tenant: Tenant;
  /**
   * Runs outside the transaction in progress, as another HTTP client would. Supertest starts its server, and so
   * the request's context, where the request is sent (`then`), so the whole request must start in here.
   */
  let outside: <R>(work: () => R) => R;

  beforeAll(async () => {
    outside = AsyncLocalStorage.snapshot();
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    tenant = await createTenant(t.app, { name: 'Races Ltd' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const deliverWith = (mailer: Mailer) =>
    new DeliverNotification(
      t.app.get(UnitOfWork),
      t.app.get(NotificationOutbox),
      t.app.get(AnnouncedRequests),
      new TypeormNotificationDetails(t.db), // the worker's, not the API's
      mailer,
      t.clock,
    );
  const notificationOf = async (requestId: string): Promise<string> =>
    (await t.db.query(`SELECT id FROM notifications WHERE $1 = ANY(attestation_request_ids)`, [requestId]))[0].id;
  const requestRow = async (requestId: string) =>
    (
      await t.db.query(`SELECT status, attested_at, canceled_at FROM attestation_requests WHERE id = $1`, [requestId])
    )[0];

  it('a request signed while its email is being refused for good stays attested', async () => {
    const issued = await issueRequest(t, tenant);
    const form = await openForm(t, issued.path);
    const mailer = new MeanwhileMailer(
      async () => void (await outside(() => submitForm(t, issued.path, form).expect(200).then())),
      new PermanentDeliveryError('550 mailbox unavailable'),
    );
    await expect(
      deliverWith(mailer).execute({
        notificationId: await notificationOf(issued.requestId),
        attempt: 1,
        isFinal: false,
      }),
    ).rejects.toThrow(PermanentDeliveryError);
    expect(await requestRow(issued.requestId)).toMatchObject({ status: 'attested', attested_at: expect.any(Date) });
  });

  it('a bounced request canceled while its re-send is being accepted stays canceled', async () => {
    const issued = await issueRequest(t, tenant);
    await t.db.query(`UPDATE attestation_requests SET status = 'bounced' WHERE id = $1`, [issued.requestId]);
    const mailer = new MeanwhileMailer(async () => {
      await t.db.query(`UPDATE attestation_requests SET status = 'canceled', canceled_at = now() WHERE id = $1`, [
        issued.requestId,
      ]);
    }, null);
    await deliverWith(mailer).execute({
      notificationId: await notificationOf(issued.requestId),
      attempt: 1,
      isFinal: false,
    });
    expect(await requestRow(issued.requestId)).toMatchObject({ status: 'canceled', canceled_at: expect.any(Date) });
  });

  it('request:cancel racing the signature never leaves a canceled request with a signature on record', async () => {
    const issued = await issueRequest(t, tenant);
    const form = await openForm(t, issued.path);
    const repository = t.app.get(AttestationRequestRepository);
    let signing: Promise<unknown> = Promise.resolve();
    // The recipient posts the form just as the cancel is being written, and is given time to finish first.
    const racing = Object.create(repository, {
      save: {
        value: async (request: AttestationRequest) => {
          signing = outside(() => submitForm(t, issued.path, form).then((response) => response.status));
          await new Promise((resolve) => setTimeout(resolve, 300));
          await repository.save(request);
        },
      },
    });
    const cancel = new CancelAttestationRequest(t.app.get(UnitOfWork), racing, t.clock);
    const canceled = await cancel.execute({ requestId: issued.requestId, organizationId: tenant.organizationId }).then(
      () => true,
      () => false,
    );
    const signed = (await signing) === 200;
    const audit = await t.db.query(`SELECT 1 FROM attestations WHERE attestation_request_id = $1`, [issued.requestId]);
    const row = await requestRow(issued.requestId);
    expect(canceled).not.toBe(signed);
    expect(row.status).toBe(signed ? 'attested' : 'canceled');
    expect(audit).toHaveLength(signed ? 1 : 0);
  });
});
