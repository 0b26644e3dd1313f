import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, Socket } from 'node:net';
import { OnApplicationShutdown } from '@nestjs/common';
import { isLocalHostName, isNonPublicAddress } from '../domain/network-address';
import type { AttemptResult } from '../domain/webhook-delivery';
import { OutgoingWebhook, WebhookSender } from '../application/webhook-sender';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export interface ConnectionPoolSettings {
  /** A connection is not reused once this old, so a host's new DNS answer is used (and checked) within this time. */
  maxSocketAgeMs: number;
  /** An idle connection is closed after this long (less when the server announces a shorter keep-alive). */
  idleSocketMs: number;
  /** A host's pool unused this long is dropped. */
  idlePoolMs: number;
}

export const DEFAULT_CONNECTION_POOL: ConnectionPoolSettings = {
  maxSocketAgeMs: 60_000,
  idleSocketMs: 4_000,
  idlePoolMs: 60_000,
};

interface Pool {
  agent: http.Agent;
  lastUsed: number;
}

/**
 * POSTs with Node's own client, which follows no redirect, over keep-alive connections pooled per origin (the
 * callers bound how many run at once per endpoint).
 *
 * SSRF: when private networks are not allowed, the addresses a host resolves to are checked in the connection's own
 * lookup, so the address checked is the address connected to. A reused connection is still that connection, to
 * that checked address: nothing about it can be re-pointed by DNS. So every attempt goes to an address checked at
 * the moment its connection was made, and a connection lives at most `maxSocketAgeMs`, after which the host is
 * resolved (and checked) again: a name re-pointed after creation reaches nothing inside, and a changed DNS answer is
 * followed within a minute. IP literals and `localhost` are refused before any connection.
 */
export class NodeHttpSender extends WebhookSender implements OnApplicationShutdown {
  private readonly pools = new Map<string, Pool>();
  private readonly sweeper: NodeJS.Timeout;

  /** `resolve` is the system resolver; tests give one that answers what an attacker's DNS would. */
  constructor(
    private readonly resolve: typeof dnsLookup = dnsLookup,
    private readonly settings: ConnectionPoolSettings = DEFAULT_CONNECTION_POOL,
  ) {
    super();
    this.sweeper = setInterval(() => this.sweep(), Math.min(settings.idlePoolMs, 60_000));
    this.sweeper.unref();
  }

  send(webhook: OutgoingWebhook): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      const deadline: { timer?: NodeJS.Timeout } = {};
      const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline.timer);
        resolve({ ...result, durationMs: elapsed() });
      };
      const fail = (error: string) => finish({ succeeded: false, responseStatus: null, error });

      let url: URL;
      try {
        url = new URL(webhook.url);
      } catch {
        return fail('The URL is not valid.');
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!webhook.allowPrivateNetworks) {
        if (url.protocol !== 'https:') return fail('The URL is not https.');
        if (isLocalHostName(host) || (isIP(host) !== 0 && isNonPublicAddress(host))) {
          return fail(`The host ${host} is a private address.`);
        }
      }
      const client = url.protocol === 'https:' ? https : http;
      const agent = this.agentFor(url, webhook.allowPrivateNetworks);
      let request: http.ClientRequest;
      deadline.timer = setTimeout(() => {
        request.destroy();
        fail(`No answer within ${webhook.timeoutMs} ms.`);
      }, webhook.timeoutMs);
      const post = (retryOnStaleConnection: boolean) => {
        request = client.request(url, {
          method: 'POST',
          agent,
          headers: { ...webhook.headers, 'content-length': String(Buffer.byteLength(webhook.body)) },
        });
        let answered = false;
        request.on('response', (response) => {
          answered = true;
          const status = response.statusCode ?? 0;
          // The body is not kept: read and dropped, which also frees the connection for the next attempt.
          response.resume();
          if (status >= 200 && status < 300) finish({ succeeded: true, responseStatus: status, error: null });
          else finish({ succeeded: false, responseStatus: status, error: `HTTP ${status}` });
        });
        request.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive connection the server closed just as it was reused: once more, on a new connection.
          if (!answered && !settled && retryOnStaleConnection && request.reusedSocket && isStale(error)) post(false);
          else fail(describe(error));
        });
        request.end(webhook.body);
      };
      post(true);
    });
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    for (const pool of this.pools.values()) pool.agent.destroy();
    this.pools.clear();
  }

  private agentFor(url: URL, allowPrivateNetworks: boolean): http.Agent {
    const key = `${url.protocol}//${url.host} ${allowPrivateNetworks ? 'any' : 'public'}`;
    let pool = this.pools.get(key);
    if (!pool) {
      const options: http.AgentOptions & { lookup?: unknown } = {
        keepAlive: true,
        timeout: this.settings.idleSocketMs,
        scheduling: 'lifo',
        ...(allowPrivateNetworks ? {} : { lookup: publicOnlyLookup(this.resolve) }),
      };
      const agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      pool = { agent: withMaxSocketAge(agent, this.settings.maxSocketAgeMs), lastUsed: 0 };
      this.pools.set(key, pool);
    }
    pool.lastUsed = Date.now();
    return pool.agent;
  }

  private sweep(): void {
    const before = Date.now() - this.settings.idlePoolMs;
    for (const [key, pool] of this.pools) {
      if (pool.lastUsed < before) {
        pool.agent.destroy();
        this.pools.delete(key);
      }
    }
  }
}

/** The agent keeps a connection for another request only while it is younger than `maxAgeMs`. */
function withMaxSocketAge<A extends http.Agent>(agent: A, maxAgeMs: number): A {
  const born = new WeakMap<Socket, number>();
  const internals = agent as unknown as {
    createConnection(...args: unknown[]): Socket;
    keepSocketAlive(socket: Socket): boolean;
  };
  const create = internals.createConnection.bind(agent);
  const keep = internals.keepSocketAlive.bind(agent);
  internals.createConnection = (...args: unknown[]) => {
    const socket = create(...args);
    if (socket) born.set(socket, Date.now());
    return socket;
  };
  internals.keepSocketAlive = (socket: Socket) => Date.now() - (born.get(socket) ?? 0) < maxAgeMs && keep(socket);
  return agent;
}

function isStale(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.code === 'ECONNABORTED';
}

/** dns.lookup, refusing when any resolved address is not public (an attacker's name may mix both). */
const publicOnlyLookup =
  (resolve: typeof dnsLookup) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => isNonPublicAddress(entry.address));
      if (refused) {
        const denied: NodeJS.ErrnoException = new Error(
          `The host ${hostname} resolves to a private address (${refused.address}).`,
        );
        denied.code = 'EPRIVATEADDRESS';
        return callback(denied, []);
      }
      if (list.length === 0)
        return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };

function describe(error: NodeJS.ErrnoException): string {
  if (error.code === 'EPRIVATEADDRESS') return error.message;
  return error.code ? `${error.code}: ${error.message}` : error.message;
}
