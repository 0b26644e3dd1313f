import type { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerAddress } from 'smtp-server';

/** A message as the SMTP server received it, with its MIME parts decoded. */
export interface CapturedEmail {
  /** MAIL FROM and RCPT TO of the SMTP session. */
  envelope: { from: string; to: string[] };
  /** Header names lowercased; encoded words (=?UTF-8?Q?...?=) decoded. */
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  /** The parts sent as attachments (`Content-Disposition: attachment`), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

export interface SmtpCaptureOptions {
  /** Answer RCPT TO for this address with the given SMTP code (550 refuses for good, 451 for now), or accept (null). */
  rejectRecipient?: (address: string) => number | null;
  /** Wait this long before accepting each message, to catch a sender mid-delivery. */
  acceptDelayMs?: number;
  /** Hold every message at the end of its data, unanswered, until `release()`. */
  hold?: boolean;
}

export interface SmtpCapture {
  port: number;
  /** For SMTP_URL. */
  url: string;
  messages: CapturedEmail[];
  /** Messages whose data is arriving or waiting for the accept delay or the hold. */
  receiving(): number;
  /** Messages fully received and waiting for `release()` (with `hold` on). */
  held(): number;
  /**
   * Messages dropped because the sender hung up before the server answered: the sender never learnt they were
   * accepted (and will send them again), so they are not in `messages`.
   */
  abandoned: number;
  /** Ends the hold and answers the held messages. */
  release(): void;
  /** SMTP connections open right now. */
  connections(): number;
  /** Resolves once at least `count` messages have arrived; rejects after the timeout with what did arrive. */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedEmail[]>;
  /** Messages to one recipient address. */
  to(address: string): CapturedEmail[];
  options: SmtpCaptureOptions;
  close(): Promise<void>;
}

/** An in-process SMTP server on a random port that keeps every message it accepts. */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const messages: CapturedEmail[] = [];
  const waiters = new Set<() => void>();
  let receiving = 0;
  const held: (() => void)[] = [];
  const closedSessions = new Set<string>();
  const openSessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(session, callback) {
      openSessions.add(session.id);
      callback();
    },
    onClose(session) {
      openSessions.delete(session.id);
      closedSessions.add(session.id);
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const code = capture.options.rejectRecipient?.(address.address) ?? null;
      if (code === null) return callback();
      const error = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
        responseCode: code,
      });
      return callback(error);
    },
    onData(stream, session, callback) {
      receiving += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          receiving -= 1;
          if (closedSessions.has(session.id)) {
            capture.abandoned += 1;
            return callback();
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          messages.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            ...parseMessage(raw),
            raw,
          });
          for (const wake of waiters) wake();
          callback();
        };
        if (capture.options.hold) held.push(accept);
        else if (capture.options.acceptDelayMs) setTimeout(accept, capture.options.acceptDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;

  const capture: SmtpCapture = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    receiving: () => receiving,
    held: () => held.length,
    abandoned: 0,
    connections: () => openSessions.size,
    release() {
      capture.options.hold = false;
      for (const accept of held.splice(0)) accept();
    },
    options,
    to: (address) => messages.filter((m) => m.envelope.to.includes(address)),
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          cleanup();
          resolve(messages);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${count} emails within ${timeoutMs} ms, got ${messages.length}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return capture;
}

function parseMessage(raw: string): Omit<CapturedEmail, 'raw' | 'envelope'> {
  const { headers, body } = splitHeaders(raw);
  const parts = leafParts(headers, body);
  return {
    headers,
    subject: headers.subject ?? '',
    messageId: headers['message-id'] ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html' && !p.attachment)?.content ?? '',
    attachments: parts
      .filter((p) => p.attachment)
      .map((p) => ({ filename: p.attachment!.filename, contentType: p.type, content: p.attachment!.bytes })),
  };
}

interface LeafPart {
  type: string;
  content: string;
  attachment?: { filename: string; bytes: Buffer };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(headers: Record<string, string>, body: string): LeafPart[] {
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const part = splitHeaders(chunk.replace(/^\r?\n/, ''));
        return leafParts(part.headers, part.body);
      });
  }
  const disposition = headers['content-disposition'] ?? '';
  if (/^attachment/i.test(disposition)) {
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
    const bytes =
      (headers['content-transfer-encoding'] ?? '').toLowerCase() === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(body, 'utf8');
    return [{ type, content: '', attachment: { filename, bytes } }];
  }
  return [{ type, content: decodeBody(body, headers['content-transfer-encoding']) }];
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body.replace(/\r\n/g, '\n').replace(/\n$/, '');
  }
}

function decodeQuotedPrintable(body: string): string {
  const text = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
