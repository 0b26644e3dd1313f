import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeHttpSender } from './node-http-sender';

/** A resolver that answers what a hostile DNS would: a public-looking name pointing at this machine. */
const hostileDns = ((hostname: string, options: unknown, callback: (e: Error | null, a: LookupAddress[]) => void) => {
  const answers: Record<string, LookupAddress[]> = {
    'rebind.test': [{ address: '127.0.0.1', family: 4 }],
    'mixed.test': [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ],
  };
  callback(null, answers[hostname] ?? []);
}) as unknown as typeof lookup;

describe('NodeHttpSender', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      hits++;
      response.writeHead(204).end();
    });
    server.on('connection', () => connections++);
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const send = (sender: NodeHttpSender, url: string, allowPrivateNetworks: boolean) =>
    sender.send({ url, headers: {}, body: '{}', timeoutMs: 2_000, allowPrivateNetworks });

  it('refuses, at connection time, a name that resolves to a private address when private networks are not allowed', async () => {
    const sender = new NodeHttpSender(hostileDns);
    // http here only to reach the local server: the scheme rule is the policy's, checked before.
    const refused = await send(sender, `https://rebind.test:${port}/x`, false);
    expect(refused).toMatchObject({ succeeded: false, responseStatus: null });
    expect(refused.error).toContain('resolves to a private address (127.0.0.1)');
    const mixed = await send(sender, `https://mixed.test:${port}/x`, false);
    expect(mixed.error).toContain('resolves to a private address (10.0.0.7)');
    expect(hits).toBe(0);
  });

  it('refuses IP literals and localhost without a lookup, and http, when private networks are not allowed', async () => {
    const sender = new NodeHttpSender(hostileDns);
    for (const url of [
      `https://127.0.0.1:${port}/`,
      `https://[::1]:${port}/`,
      `https://localhost:${port}/`,
      `http://93.184.215.14/`,
    ]) {
      const result = await send(sender, url, false);
      expect(result.succeeded).toBe(false);
    }
    expect(hits).toBe(0);
  });

  it('delivers to a private address when allowed, a 2xx being a success', async () => {
    const result = await send(new NodeHttpSender(), `http://127.0.0.1:${port}/ok`, true);
    expect(result).toMatchObject({ succeeded: true, responseStatus: 204, error: null });
    expect(hits).toBe(1);
  });

  it('reuses a kept-alive connection, and makes a new one once it is older than the maximum age', async () => {
    const pooled = new NodeHttpSender(lookup, { maxSocketAgeMs: 60_000, idleSocketMs: 4_000, idlePoolMs: 60_000 });
    const aged = new NodeHttpSender(lookup, { maxSocketAgeMs: 0, idleSocketMs: 4_000, idlePoolMs: 60_000 });
    try {
      const before = connections;
      for (let i = 0; i < 3; i++) {
        expect((await send(pooled, `http://127.0.0.1:${port}/pooled`, true)).succeeded).toBe(true);
      }
      expect(connections - before).toBe(1);
      const then = connections;
      for (let i = 0; i < 3; i++) {
        expect((await send(aged, `http://127.0.0.1:${port}/aged`, true)).succeeded).toBe(true);
      }
      expect(connections - then).toBe(3);
    } finally {
      pooled.onApplicationShutdown();
      aged.onApplicationShutdown();
    }
  });

  it('checks the resolved addresses of every new connection of a pool, a refused one included', async () => {
    let lookups = 0;
    const counting = ((hostname: string, options: unknown, callback: (e: Error | null, a: LookupAddress[]) => void) => {
      lookups++;
      (hostileDns as unknown as (h: string, o: unknown, c: typeof callback) => void)(hostname, options, callback);
    }) as unknown as typeof lookup;
    const sender = new NodeHttpSender(counting);
    try {
      for (let i = 0; i < 2; i++) {
        const refused = await send(sender, `https://rebind.test:${port}/x`, false);
        expect(refused.error).toContain('resolves to a private address (127.0.0.1)');
      }
      expect(lookups).toBe(2);
    } finally {
      sender.onApplicationShutdown();
    }
  });
});
