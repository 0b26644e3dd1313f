import type { ChildProcess } from 'node:child_process';
import { issueRequest, openForm, submitForm } from '../support/attestation-page-fixtures';
import { createTenant } from '../support/fixtures';
import { eventually, never } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';
import { startWorkerProcess, stopProcess } from '../support/worker-child';

/**
 * The signer's copy goes through the outbox exactly once: a worker killed after drawing the certificate and while
 * the message waits for the server's answer leaves the row pending, and the next worker sends the one email.
 */
describe('a worker killed between drawing the certificate and sending the confirmation', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    for (const child of children) await stopProcess(child, 'SIGKILL');
    await t.close();
    await smtp.close();
  });

  it('sends the confirmation once, certificate attached, after a restart', async () => {
    const tenant = await createTenant(t.app);
    const issued = await issueRequest(t, tenant);
    const first = await startWorkerProcess(t, { SMTP_URL: smtp.url });
    children.push(first);
    await eventually(async () => smtp.to(issued.person.email).length === 1, 20_000, 'the request email');

    // Every message from now on waits, unanswered, at the end of its data.
    smtp.options.hold = true;
    await submitForm(t, issued.path, await openForm(t, issued.path)).expect(200);
    // The certificate was drawn (it is in the message) and the message is in the server's hands, not accepted.
    await eventually(async () => smtp.held() === 1, 30_000, 'the confirmation in hand');
    const pending = async () =>
      (
        await t.db.query(`SELECT status, attempts FROM notifications WHERE kind = 'confirmation' AND person_id = $1`, [
          issued.person.id,
        ])
      )[0] as { status: string; attempts: number };
    expect(await pending()).toEqual({ status: 'pending', attempts: 0 });
    await stopProcess(first, 'SIGKILL');
    await eventually(async () => smtp.connections() === 0, 5_000, "the dead worker's connection to close");
    smtp.release();
    smtp.options.hold = false;
    expect(smtp.to(issued.person.email)).toHaveLength(1);
    expect(await pending()).toEqual({ status: 'pending', attempts: 0 });

    const second = await startWorkerProcess(t, { SMTP_URL: smtp.url });
    children.push(second);
    await eventually(async () => smtp.to(issued.person.email).length === 2, 30_000, 'the confirmation');
    await never(() => smtp.to(issued.person.email).length > 2, 2_000);
    const confirmation = smtp.to(issued.person.email)[1];
    expect(confirmation.subject).toBe(`You signed “${issued.document.name}”`);
    expect(confirmation.attachments.map((a) => [a.filename, a.content.subarray(0, 5).toString()])).toEqual([
      [`attestation-${issued.requestId}.pdf`, '%PDF-'],
    ]);
    expect((await pending()).status).toBe('sent');
  }, 300_000);
});
