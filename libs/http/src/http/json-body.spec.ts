import type { ExecutionContext } from '@nestjs/common';
import express, { Request, Response } from 'express';
import request from 'supertest';
import { ApiException } from './api-exception';
import {
  BODY_LIMIT_BYTES,
  BODY_MAX_DEPTH,
  BODY_MAX_VALUES,
  bodyLimitFor,
  deferredJsonBody,
  describeBodyLimit,
  isReasonablySized,
  JsonObjectBodyGuard,
  LARGE_BODY_LIMIT_BYTES,
  withWellFormedStrings,
} from './json-body';

type Seen = { body: unknown; bodyError?: { status?: number; type?: string }; bodyLimit?: number; hasBody: boolean };

/** An app that answers what the body reader left on the request. */
function app() {
  const server = express();
  server.use(deferredJsonBody());
  server.all('/{*path}', (req: Request, res: Response) => {
    const seen = req as Request & Seen;
    res.json({
      body: seen.body === undefined ? '<undefined>' : seen.body,
      hasBodyKey: 'body' in req,
      bodyError: seen.bodyError ? { status: seen.bodyError.status, type: seen.bodyError.type } : null,
      bodyLimit: seen.bodyLimit ?? null,
    });
  });
  return server;
}

describe('deferredJsonBody', () => {
  it('parses a JSON body whatever its Content-Type, and remembers no failure', async () => {
    const answer = await request(app()).post('/api/v1/people').set('Content-Type', 'text/plain').send('{"a":[1,"é"]}');
    expect(answer.body).toEqual({
      body: { a: [1, 'é'] },
      hasBodyKey: true,
      bodyError: null,
      bodyLimit: BODY_LIMIT_BYTES,
    });
  });

  it('reads nothing from a request without a body, and leaves a body already set', async () => {
    const answer = await request(app()).get('/api/v1/people');
    expect(answer.body).toMatchObject({ body: '<undefined>', hasBodyKey: true, bodyError: null, bodyLimit: null });
    const server = express();
    server.use((req, _res, next) => ((req.body = { set: true }), next()));
    server.use(deferredJsonBody());
    server.get('/x', (req, res) => res.json(req.body));
    expect((await request(server).get('/x')).body).toEqual({ set: true });
  });

  it("leaves the attestation page's form posts to the page", async () => {
    for (const path of ['/attest/abc', '/ATTEST', '/attest']) {
      const answer = await request(app()).post(path).type('form').send('typed_name=Ada');
      expect(answer.body).toMatchObject({ body: '<undefined>', bodyLimit: null });
    }
    for (const path of ['/attestations', '/api/v1/attest', '/api/console/x']) {
      const notThePage = await request(app()).post(path).send({ a: 1 });
      expect(notThePage.body).toMatchObject({ body: { a: 1 } });
    }
  });

  it('remembers a body that is not JSON, or too large, instead of answering', async () => {
    const broken = await request(app()).post('/api/v1/people').set('Content-Type', 'application/json').send('{"a":');
    expect(broken.body).toMatchObject({ bodyError: { status: 400, type: 'entity.parse.failed' } });
    const scalar = await request(app()).post('/api/v1/people').set('Content-Type', 'application/json').send('"a"');
    expect(scalar.body.bodyError).toMatchObject({ status: 400 });
    const large = await request(app())
      .post('/api/v1/people')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(BODY_LIMIT_BYTES) }));
    expect(large.body).toMatchObject({
      bodyError: { status: 413, type: 'entity.too.large' },
      bodyLimit: BODY_LIMIT_BYTES,
    });
  });

  it('takes up to 6 MiB on the revision route alone', async () => {
    const body = JSON.stringify({ content: 'x'.repeat(2 * BODY_LIMIT_BYTES) });
    const revision = await request(app())
      .post('/api/v1/documents/d1/revisions/')
      .set('Content-Type', 'application/json')
      .send(body);
    expect(revision.body).toMatchObject({ bodyError: null, bodyLimit: LARGE_BODY_LIMIT_BYTES });
    expect(revision.body.body.content).toHaveLength(2 * BODY_LIMIT_BYTES);
    const latin1 = await request(app())
      .post('/api/v1/documents/d1/revisions')
      .set('Content-Type', 'text/plain; charset=iso-8859-1')
      .send(Buffer.from(body, 'latin1'));
    expect(latin1.body).toMatchObject({ bodyError: null, bodyLimit: LARGE_BODY_LIMIT_BYTES });
    expect(latin1.body.body.content).toHaveLength(2 * BODY_LIMIT_BYTES);
    const scalar = await request(app())
      .post('/api/v1/documents/d1/revisions')
      .set('Content-Type', 'application/json')
      .send('"a"');
    expect(scalar.body).toMatchObject({ bodyError: { status: 400 }, bodyLimit: LARGE_BODY_LIMIT_BYTES });
  });

  it('reads a body sent in chunks, without a Content-Length', async () => {
    const chunked = request(app()).post('/api/v1/people').set('Content-Type', 'application/json');
    chunked.write('{"a":');
    chunked.write('[1,"é"]}');
    const answer = await chunked;
    expect(answer.body).toMatchObject({ body: { a: [1, 'é'] }, bodyError: null, bodyLimit: BODY_LIMIT_BYTES });
  });

  it('refuses a body too deep or with too many values, and forgets it', async () => {
    let deep: unknown = 1;
    for (let i = 0; i <= BODY_MAX_DEPTH; i++) deep = [deep];
    const answer = await request(app()).post('/api/v1/people').send({ deep });
    expect(answer.body).toMatchObject({ body: '<undefined>', bodyError: { status: 400, type: 'entity.too.complex' } });
  });

  it('makes lone surrogates U+FFFD', async () => {
    const answer = await request(app())
      .post('/api/v1/people')
      .set('Content-Type', 'application/json')
      .send('{"a":"x\\ud800","b":["\\udc00y","\\ud83d\\ude00"]}');
    expect(answer.body.body).toEqual({ a: 'x\uFFFD', b: ['\uFFFDy', '😀'] });
  });

  it('decodes a body in another declared charset by its label, and refuses what is then not JSON', async () => {
    const post = (contentType: string, bytes: Buffer) =>
      request(app()).post('/api/v1/people').set('Content-Type', contentType).send(bytes);
    for (const contentType of [
      'text/plain; charset="ISO-8859-1"',
      'text/plain ; charset = latin1',
      'text/plain;charset=latin1',
    ]) {
      const latin1 = await post(contentType, Buffer.from('{"name":"Zoë"}', 'latin1'));
      expect(latin1.body).toMatchObject({ body: { name: 'Zoë' }, bodyError: null });
    }
    const utf16 = await post('text/plain;charset=utf-16le', Buffer.from('{"a":1}', 'utf16le'));
    expect(utf16.body).toMatchObject({ body: { a: 1 }, bodyError: null });
    const notJson = await post('text/plain; charset=latin1', Buffer.from('{"a":', 'latin1'));
    expect(notJson.body).toMatchObject({
      body: '<undefined>',
      bodyError: { status: 400, type: 'entity.parse.failed' },
    });
    const scalar = await post('text/plain; charset=latin1', Buffer.from('1', 'latin1'));
    expect(scalar.body).toMatchObject({ bodyError: { status: 400, type: 'entity.parse.failed' } });
    const nullBody = await post('text/plain; charset=latin1', Buffer.from('null', 'latin1'));
    expect(nullBody.body).toMatchObject({ bodyError: { status: 400, type: 'entity.parse.failed' } });
    const array = await post('text/plain; charset=latin1', Buffer.from('[1]', 'latin1'));
    expect(array.body).toMatchObject({ body: [1], bodyError: null });
    const empty = await post('text/plain; charset=latin1', Buffer.alloc(0));
    expect(empty.body).toMatchObject({ body: '<undefined>', bodyError: null });
    const unknownLabel = await post('text/plain; charset=x-no-such-charset', Buffer.from('{}', 'latin1'));
    expect(unknownLabel.body).toMatchObject({
      body: '<undefined>',
      bodyError: { status: 400, type: 'entity.parse.failed' },
    });
    const tooLarge = await post('text/plain; charset=latin1', Buffer.alloc(BODY_LIMIT_BYTES + 1, 32));
    expect(tooLarge.body).toMatchObject({ bodyError: { status: 413, type: 'entity.too.large' } });
  });
});

describe('body limits', () => {
  it('gives the revision route 6 MiB, in any letter case, with or without a trailing slash, and POST only', () => {
    expect(bodyLimitFor('POST', '/api/v1/documents/x/revisions')).toBe(LARGE_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('POST', '/API/V1/Documents/x/Revisions/')).toBe(LARGE_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('PATCH', '/api/v1/documents/x/revisions')).toBe(BODY_LIMIT_BYTES);
    expect(bodyLimitFor('POST', '/api/v1/documents/x/y/revisions')).toBe(BODY_LIMIT_BYTES);
    expect(bodyLimitFor('POST', '/api/v1/documents/x/revisions/1')).toBe(BODY_LIMIT_BYTES);
    expect(bodyLimitFor('POST', '/x/api/v1/documents/x/revisions')).toBe(BODY_LIMIT_BYTES);
    expect(describeBodyLimit(BODY_LIMIT_BYTES)).toBe('1 MiB');
    expect(describeBodyLimit(LARGE_BODY_LIMIT_BYTES)).toBe('6 MiB');
  });

  it('bounds depth and the count of values, at the limits exactly', () => {
    const nested = (depth: number) => {
      let value: unknown = 'leaf';
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    expect(isReasonablySized(nested(BODY_MAX_DEPTH))).toBe(true);
    expect(isReasonablySized(nested(BODY_MAX_DEPTH + 1))).toBe(false);
    expect(isReasonablySized(Array.from({ length: BODY_MAX_VALUES - 1 }, () => 0))).toBe(true);
    expect(isReasonablySized(Array.from({ length: BODY_MAX_VALUES }, () => 0))).toBe(false);
    expect(isReasonablySized(null)).toBe(true);
  });

  it('replaces lone surrogates in every string value, nested too', () => {
    const body = { a: '\ud800', b: [{ c: 'ok\udfff' }, 3, null], d: '\ud83d\ude00' };
    withWellFormedStrings(body);
    expect(body).toEqual({ a: '\uFFFD', b: [{ c: 'ok\uFFFD' }, 3, null], d: '😀' });
  });
});

describe('JsonObjectBodyGuard', () => {
  const check = (seen: Partial<Seen>) => {
    const req = { ...seen } as Record<string, unknown>;
    const context = { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
    return { pass: () => new JsonObjectBodyGuard().canActivate(context), req };
  };
  const refusal = (seen: Partial<Seen>) => {
    try {
      check(seen).pass();
    } catch (error) {
      return { status: (error as ApiException).getStatus(), body: (error as ApiException).body };
    }
    return null;
  };

  it("answers the remembered failure in the contract's words", () => {
    expect(refusal({ bodyError: { status: 413 } })).toEqual({
      status: 413,
      body: { error: 'The request body is larger than 1 MiB.' },
    });
    expect(refusal({ bodyError: { type: 'entity.too.large' }, bodyLimit: LARGE_BODY_LIMIT_BYTES })).toEqual({
      status: 413,
      body: { error: 'The request body is larger than 6 MiB.' },
    });
    expect(refusal({ bodyError: { status: 400, type: 'entity.too.complex' } })).toEqual({
      status: 400,
      body: { error: 'The request body is nested deeper than 32 levels or holds more than 10000 values.' },
    });
    expect(refusal({ bodyError: { status: 400, type: 'entity.parse.failed' } })).toEqual({
      status: 400,
      body: { error: 'The request body is not valid JSON.' },
    });
  });

  it('takes no body as {}, passes an object, and refuses any other JSON', () => {
    for (const body of [undefined, null]) {
      const { pass, req } = check({ body });
      expect(pass()).toBe(true);
      expect(req.body).toEqual({});
    }
    const { pass, req } = check({ body: { a: 1 } });
    expect(pass()).toBe(true);
    expect(req.body).toEqual({ a: 1 });
    for (const body of [[], 'a', 1, true]) {
      expect(refusal({ body })).toEqual({ status: 400, body: { error: 'The request body must be a JSON object.' } });
    }
  });
});
