import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { canonicalJson, requestFingerprint } from './request-fingerprint';

/** A JSON document with objects whose keys are then shuffled, to compare spellings of one document. */
const json = fc.jsonValue();

function shuffledKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item, i) => shuffledKeys(item, seed + i));
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const order = keys.map((key, i) => ({ key, rank: (i * 7919 + seed * 104729) % (keys.length + 13) }));
  order.sort((a, b) => a.rank - b.rank || a.key.localeCompare(b.key));
  return Object.fromEntries(
    order.map(({ key }) => [key, shuffledKeys((value as Record<string, unknown>)[key], seed + 1)]),
  );
}

describe('request fingerprints, over many inputs', () => {
  it('give a document the one spelling JSON would parse back to it', () => {
    fc.assert(
      fc.property(json, (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
    );
  });

  it('are the same for the same document however its keys are ordered', () => {
    fc.assert(
      fc.property(json, fc.nat(), (value, seed) => {
        const request = { method: 'POST', path: '/api/v1/people', body: value };
        expect(requestFingerprint({ ...request, body: shuffledKeys(value, seed) })).toBe(requestFingerprint(request));
      }),
    );
  });

  it('differ exactly when the documents differ as JSON', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const fingerprint = (body: unknown) => requestFingerprint({ method: 'POST', path: '/x', body });
        const same = canonicalJson(a ?? {}) === canonicalJson(b ?? {});
        expect(fingerprint(a) === fingerprint(b)).toBe(same);
      }),
    );
  });

  it("tell a method, a path or a body apart, but not a path's letter case or trailing slashes", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 3 }),
        (segments, slashes) => {
          const path = `/${segments.join('/')}`;
          const fingerprint = (method: string, p: string) => requestFingerprint({ method, path: p, body: { a: 1 } });
          expect(fingerprint('post', path.toUpperCase() + '/'.repeat(slashes))).toBe(fingerprint('POST', path));
          expect(fingerprint('PATCH', path)).not.toBe(fingerprint('POST', path));
          expect(fingerprint('POST', `${path}/x`)).not.toBe(fingerprint('POST', path));
        },
      ),
    );
  });

  it('keep the root path, and a slash inside a path', () => {
    const fingerprint = (path: string) => requestFingerprint({ method: 'POST', path, body: {} });
    expect(fingerprint('/')).not.toBe(fingerprint(''));
    expect(fingerprint('//')).toBe(fingerprint('/'));
    expect(fingerprint('/a/b')).not.toBe(fingerprint('/ab'));
    expect(fingerprint('/a/')).toBe(fingerprint('/a'));
  });

  it('are SHA-256 hex of the method, the path and the canonical body', () => {
    expect(requestFingerprint({ method: 'post', path: '/People/', body: { b: 1, a: [undefined, 2] } })).toBe(
      createHash('sha256').update('POST /people\n{"a":[null,2],"b":1}').digest('hex'),
    );
  });

  it('leave out undefined members, as JSON does, and spell strings and numbers as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson([undefined, null])).toBe('[null,null]');
    expect(canonicalJson('a"\n')).toBe('"a\\"\\n"');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({ 'é"': 1e21 })).toBe('{"é\\"":1e+21}');
  });
});
