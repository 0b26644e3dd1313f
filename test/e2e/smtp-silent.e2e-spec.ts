import type { INestApplicationContext } from '@nestjs/common';
import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DELIVERY_ATTEMPTS } from '../../src/notifications/application/notification-queue';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson, eventually, startWorker } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * An SMTP server that accepts the TCP connection and never says a word (no greeting): each attempt must end
 * within SMTP_TIMEOUT_MS, be retried, and after the last attempt mark the request `failed`, instead of holding a
 * worker slot forever.
 */
describe('SMTP server that accepts and never answers', () => {
  let silent: Server;
  const connections: Socket[] = [];
  const connectedAt: number[] = [];
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;

  beforeAll(async () => {
    silent = createServer((socket) => {
      connections.push(socket);
      connectedAt.push(Date.now());
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_TIMEOUT_MS: '400' } });
    worker = await startWorker(t);
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('bounds each attempt, retries it, and marks the request failed after the last one', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const created = await t.http
      .post('/api/v1/attestation-requests')
      .set(tenant.auth)
      .send({ person_id: person.id, document_id: document.id })
      .expect(201);
    const status = async () =>
      (
        (await t.db.query(`SELECT status FROM attestation_requests WHERE id = $1`, [created.body.id])) as Array<{
          status: string;
        }>
      )[0].status;
    await eventually(async () => (await status()) === 'failed', 20_000, 'the request marked failed');
    expect(connections.length).toBeGreaterThanOrEqual(DELIVERY_ATTEMPTS);
    // Each attempt gave up on its own (the timeout), so the next one could start: they are spread, not parallel.
    const gaps = connectedAt.slice(1).map((at, index) => at - connectedAt[index]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(350);
    console.info(`silent SMTP: ${connections.length} attempts, gaps ${gaps.join(', ')} ms`);
  }, 30_000);
});
