import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isLocalHostName, isNonPublicAddress } from '../domain/network-address';
import type { AttemptResult } from '../domain/webhook-delivery';
import { OutgoingWebhook, WebhookSender } from '../application/webhook-sender';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * POSTs with Node's own client: it follows no redirect, and a fresh connection per attempt (no keep-alive) means
 * the host is resolved at every delivery. When private networks are not allowed, the addresses the host resolves
 * to are checked in the connection's own lookup, so the address checked is the address connected to.
 */
export class NodeHttpSender extends WebhookSender {
  /** `resolve` is the system resolver; tests give one that answers what an attacker's DNS would. */
  constructor(private readonly resolve: typeof dnsLookup = dnsLookup) {
    super();
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
      deadline.timer = setTimeout(() => {
        request.destroy();
        fail(`No answer within ${webhook.timeoutMs} ms.`);
      }, webhook.timeoutMs);
      const request = client.request(url, {
        method: 'POST',
        agent: false,
        headers: { ...webhook.headers, 'content-length': String(Buffer.byteLength(webhook.body)) },
        lookup: webhook.allowPrivateNetworks ? undefined : publicOnlyLookup(this.resolve),
      });
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        // The body is not kept: read and dropped so the connection can close cleanly.
        response.resume();
        if (status >= 200 && status < 300) finish({ succeeded: true, responseStatus: status, error: null });
        else finish({ succeeded: false, responseStatus: status, error: `HTTP ${status}` });
      });
      request.on('error', (error: NodeJS.ErrnoException) => fail(describe(error)));
      request.end(webhook.body);
    });
  }
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
