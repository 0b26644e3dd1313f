import {
  IdempotencyKeyInProgressError,
  IdempotencyKeyReusedError,
  IdempotentAnswerUnreadableError,
  IdempotentResponse,
  UNREADABLE_RESPONSE,
} from './idempotent-response';
import { IDEMPOTENCY_KEY_LIFETIME_MS, parseIdempotencyKey } from './idempotency-key';
import { canonicalJson, requestFingerprint } from './request-fingerprint';

describe('parseIdempotencyKey', () => {
  it('takes 1 to 255 visible ASCII characters, and nothing when the header is absent', () => {
    expect(parseIdempotencyKey(undefined)).toBeNull();
    for (const key of ['!', '~', 'a'.repeat(255), 'f47ac10b-58cc-4372-a567-0e02b2c3d479', '"quoted"']) {
      expect(parseIdempotencyKey(key)).toBe(key);
    }
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'a'.repeat(256)],
    ['a space', 'a b'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\x7f'],
    ['Latin-1', 'clé'],
    ['beyond Latin-1', 'ключ'],
    ['twice (joined by Node)', ['a', 'b']],
  ])('refuses %s as an invalid request (400)', (_name, raw) => {
    expect(() => parseIdempotencyKey(raw)).toThrow(
      expect.objectContaining({ code: 'invalid_request', message: expect.stringMatching(/Idempotency-Key/) }),
    );
  });
});

describe('requestFingerprint', () => {
  const base = { method: 'POST', path: '/api/v1/people', body: { a: 1, b: { c: [1, { d: 2, e: 3 }] } } };

  it('compares the body as JSON: key order does not matter, array order does', () => {
    const reordered = { b: { c: [1, { e: 3, d: 2 }] }, a: 1 };
    expect(requestFingerprint({ ...base, body: reordered })).toBe(requestFingerprint(base));
    expect(requestFingerprint({ ...base, body: { a: 1, b: { c: [{ d: 2, e: 3 }, 1] } } })).not.toBe(
      requestFingerprint(base),
    );
    expect(requestFingerprint({ ...base, body: { a: '1', b: base.body.b } })).not.toBe(requestFingerprint(base));
    expect(requestFingerprint({ ...base, body: { ...base.body, f: null } })).not.toBe(requestFingerprint(base));
  });

  it('treats no body as {}', () => {
    const empty = requestFingerprint({ ...base, body: {} });
    expect(requestFingerprint({ ...base, body: undefined })).toBe(empty);
    expect(requestFingerprint({ ...base, body: null })).toBe(empty);
  });

  it('tells methods and paths apart; paths in any letter case or with a trailing slash are the same route', () => {
    expect(requestFingerprint({ ...base, method: 'PATCH' })).not.toBe(requestFingerprint(base));
    expect(requestFingerprint({ ...base, path: '/api/v1/groups' })).not.toBe(requestFingerprint(base));
    expect(requestFingerprint({ ...base, method: 'post', path: '/API/v1/People/' })).toBe(requestFingerprint(base));
  });

  it('spells equal documents one way', () => {
    expect(canonicalJson({ z: [1, 'x', null, true], a: { y: 1.5, b: 'é"' } })).toBe(
      '{"a":{"b":"é\\"","y":1.5},"z":[1,"x",null,true]}',
    );
  });
});

describe('IdempotentResponse', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  const stored = IdempotentResponse.record({
    organizationId: '01jd0000000000000000000000',
    key: 'k',
    fingerprint: 'f'.repeat(64),
    response: { status: 201, body: '{"id":"x"}' },
    now,
  });

  it('keeps only successes', () => {
    expect([200, 201, 202, 204, 299].every(IdempotentResponse.isKept)).toBe(true);
    expect([199, 300, 400, 404, 409, 422, 500].some(IdempotentResponse.isKept)).toBe(false);
  });

  it('answers for 24 hours, then the key is free', () => {
    expect(stored.isExpired(new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS - 1))).toBe(false);
    expect(stored.isExpired(new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS))).toBe(true);
  });

  it('replays for the same request only', () => {
    expect(stored.replayFor('f'.repeat(64))).toEqual({ status: 201, body: '{"id":"x"}' });
    expect(() => stored.replayFor('0'.repeat(64))).toThrow(IdempotencyKeyReusedError);
  });

  it('refuses to replay an answer that can no longer be read, on the header (422), and still tells another request', () => {
    const unreadable = IdempotentResponse.restore({ ...stored.toSnapshot(), response: UNREADABLE_RESPONSE });
    expect(() => unreadable.replayFor('f'.repeat(64))).toThrow(IdempotentAnswerUnreadableError);
    expect(() => unreadable.replayFor('f'.repeat(64))).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        errors: { 'Idempotency-Key': [expect.stringMatching(/already performed.*can no longer be read/)] },
      }),
    );
    expect(() => unreadable.replayFor('0'.repeat(64))).toThrow(IdempotencyKeyReusedError);
  });
});

describe('IdempotentResponse rules no other suite pins', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  const record = (status: number) =>
    IdempotentResponse.record({
      organizationId: 'o',
      key: 'k',
      fingerprint: 'f',
      response: { status, body: null },
      now,
    });

  it('keeps an answer for exactly 24 hours', () => {
    expect(record(204).isExpired(new Date('2026-11-23T09:59:59.999Z'))).toBe(false);
    expect(record(204).isExpired(new Date('2026-11-23T10:00:00.000Z'))).toBe(true);
    expect(record(204).toSnapshot()).toEqual({
      organizationId: 'o',
      key: 'k',
      fingerprint: 'f',
      response: { status: 204, body: null },
      createdAt: now,
      expiresAt: new Date('2026-11-23T10:00:00.000Z'),
    });
  });

  it('refuses to record a failure, which committed nothing', () => {
    expect(() => record(409)).toThrow('only 2xx responses are kept, not 409');
    expect(() => record(199)).toThrow('only 2xx responses are kept, not 199');
  });

  it("says in the contract's words why a key cannot answer", () => {
    expect(new IdempotencyKeyInProgressError()).toMatchObject({
      code: 'conflict',
      message: 'A request with this Idempotency-Key is in progress.',
    });
    expect(new IdempotencyKeyReusedError()).toMatchObject({
      code: 'validation_failed',
      errors: { 'Idempotency-Key': ['The Idempotency-Key has already been used for another request.'] },
    });
    expect(new IdempotentAnswerUnreadableError().errors).toEqual({
      'Idempotency-Key': [
        'The request with this Idempotency-Key was already performed, but its stored answer can no longer be read ' +
          "(the service's encryption key was changed); it is not run again.",
      ],
    });
  });

  it('hands out copies of the stored answer', () => {
    const stored = record(200);
    (stored.response as { status: number }).status = 500;
    expect(stored.replayFor('f')).toEqual({ status: 200, body: null });
  });
});
