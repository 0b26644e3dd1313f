import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What the receiver does with one request: answer a status, redirect, or hang past the sender's timeout. */
export type ReceiverBehaviour = { status: number } | 'redirect' | 'hang';

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The secrets (by their index in `secrets`) with which the standardwebhooks library verified it. */
  verifiedWith: number[];
  /** The library's reason for each secret that did not verify, by index. */
  failures: Record<number, string>;
  answered: number | 'redirect' | 'hang';
  /** When the request's body had arrived (Date.now()). */
  at: number;
}

/**
 * A real HTTP server that receives webhooks and verifies each one with the `standardwebhooks` package alone,
 * against every secret the test gave it. The first requests follow `script` (then 200), so a test makes the first
 * attempts fail the way it wants. `stop()` closes the port (connection refused) and `start()` opens it again.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly script: ReceiverBehaviour[] = [];
  secrets: string[] = [];
  /** When set, a request whose signature verifies with none of the secrets is answered 400, as a receiver would. */
  rejectUnverified = false;
  /** When set, every request gets this behaviour (the script is not read). */
  always: ReceiverBehaviour | null = null;
  /** When set and answering for a path, that request gets this behaviour (the script is not read). */
  answerFor: ((path: string) => ReceiverBehaviour | null) | null = null;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(port = this.port): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () =>
        this.answer(
          request.method ?? '',
          request.url ?? '',
          request.headers,
          Buffer.concat(chunks).toString('utf8'),
          response,
        ),
      );
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((ready) => server.listen(port, '127.0.0.1', ready));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const response of this.hanging) response.destroy();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((done) => server.close(() => done()));
  }

  /** Verifies a request as a receiver would: the headers and body as given, with one secret. */
  static verify(secret: string, headers: IncomingHttpHeaders, body: string): unknown {
    return new Webhook(secret).verify(body, headers as Record<string, string>);
  }

  deliveriesOf(eventId: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.headers['webhook-id'] === eventId);
  }

  private answer(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: string,
    response: ServerResponse,
  ): void {
    const verifiedWith: number[] = [];
    const failures: Record<number, string> = {};
    this.secrets.forEach((secret, index) => {
      try {
        WebhookReceiver.verify(secret, headers, body);
        verifiedWith.push(index);
      } catch (error) {
        failures[index] = (error as Error).message;
      }
    });
    const behaviour = this.answerFor?.(path) ?? this.always ?? this.script.shift() ?? { status: 200 };
    const record: ReceivedWebhook = {
      method,
      path,
      headers,
      body,
      verifiedWith,
      failures,
      answered: 200,
      at: Date.now(),
    };
    this.received.push(record);
    if (this.rejectUnverified && verifiedWith.length === 0) {
      record.answered = 400;
      response.writeHead(400).end('bad signature');
    } else if (behaviour === 'hang') {
      record.answered = 'hang';
      this.hanging.add(response);
      response.on('close', () => this.hanging.delete(response));
    } else if (behaviour === 'redirect') {
      record.answered = 'redirect';
      response.writeHead(302, { location: `${this.url}/moved` }).end();
    } else {
      record.answered = behaviour.status;
      response.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end('ok');
    }
  }
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver = new WebhookReceiver();
  await receiver.start(0);
  return receiver;
}
