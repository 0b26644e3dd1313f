import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import request from 'supertest';
import { ContractValidator, UNDESCRIBED_PATHS } from './contract-validator';

/**
 * The contract test: every response any end-to-end test receives from a test app is checked against the OpenAPI
 * document that app serves. Violations are collected as they happen and fail the test that produced them (the
 * `afterEach` below); those of `beforeAll` hooks fail the first test, those of `afterAll` hooks the app's close().
 */
const violations: string[] = [];

/** Fetches the app's served document and checks every later response of `server` against it. */
export async function watchContract(server: Server): Promise<ContractValidator> {
  const served = await request(server).get('/api/v1/openapi.json');
  if (served.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${served.status}`);
  const validator = new ContractValidator(served.body);
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => record(validator, req, res));
  return validator;
}

function record(validator: ContractValidator, req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const path = new URL(url, 'http://server.invalid').pathname;
  if (UNDESCRIBED_PATHS.some((pattern) => pattern.test(path))) return;
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string')
      chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (args.length > 0 && typeof args[0] !== 'function') collect(args[0], args[1]);
    return (end as (...args: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['end'];
  res.once('finish', () => {
    const exchange = { method, url, status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) };
    violations.push(...validator.check(exchange));
  });
}

/** Removes and returns the violations recorded so far (for the harness's own tests). */
export function takeContractViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** Throws, listing every violation recorded since the last check. */
export async function assertContractHonoured(): Promise<void> {
  // A response's 'finish' can trail the client's receipt by a tick.
  await new Promise((resolve) => setImmediate(resolve));
  const found = takeContractViolations();
  if (found.length > 0) {
    throw new Error(
      `${found.length} response(s) broke the OpenAPI contract (openapi.json):\n${found.map((v) => `  - ${v}`).join('\n')}\n` +
        'Fix the response, or the decorators that describe it and run `npm run openapi`.',
    );
  }
}

// Registered once per test file (each file has its own module registry), whenever a file uses a test app.
if (typeof afterEach === 'function') afterEach(assertContractHonoured);
