import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../test/support/free-port';
import { readQuery, startTestTsa, type TestTsa, verifyTimestampToken } from '../../../test/support/test-tsa';
import { der, integer, oid, seq, tagged } from './der';
import {
  newNonce,
  TIMESTAMP_OID,
  TimestampAuthority,
  TimestampRefused,
  timestampRequest,
  tokenOfResponse,
  withoutCredentials,
} from './timestamp-authority';

/** What `openssl ts -query -text` reads in a query: an independent parser of TimeStampReq. */
function opensslReads(query: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'tsq-'));
  try {
    writeFileSync(join(dir, 'query.tsq'), query);
    const read = spawnSync('openssl', ['ts', '-query', '-in', join(dir, 'query.tsq'), '-text'], { encoding: 'utf8' });
    expect(read.status).toBe(0);
    return read.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const refusal = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(TimestampRefused);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('the timestamp query', () => {
  it('is a v1 TimeStampReq: the SHA-256 imprint, a nonce, certReq true, no policy', () => {
    const imprint = createHash('sha256').update('a signature value').digest();
    const nonce = newNonce();
    const text = opensslReads(timestampRequest(imprint, nonce));
    expect(text).toMatch(/Version: 1/);
    expect(text).toMatch(/Hash Algorithm: sha256/);
    const message = /Message data:\n([\s\S]+?)\nPolicy OID/.exec(text)![1];
    const hex = [...message.matchAll(/ - ((?:[0-9a-f]{2}[ -]){1,16})/g)]
      .map((line) => line[1].replace(/[ -]/g, ''))
      .join('');
    expect(hex).toBe(imprint.toString('hex'));
    expect(text).toMatch(/Policy OID: unspecified/);
    expect(text).toContain(`Nonce: 0x${nonce.toString('hex').toUpperCase()}`);
    expect(text).toMatch(/Certificate required: yes/);
  });

  it('carries a fresh, positive, minimal nonce each time', () => {
    const nonces = Array.from({ length: 50 }, newNonce);
    expect(new Set(nonces.map((nonce) => nonce.toString('hex'))).size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toHaveLength(16);
      expect(nonce[0] & 0x80).toBe(0);
      expect(nonce[0]).not.toBe(0);
    }
  });
});

describe('the authority, asked over HTTP', () => {
  jest.setTimeout(30_000);
  let tsa: TestTsa;
  const signature = randomBytes(256);
  beforeAll(async () => {
    tsa = await startTestTsa();
  });
  afterAll(() => tsa.close());
  beforeEach(() => {
    tsa.behaviour = 'grant';
  });

  const refusalOf = async (authority: TimestampAuthority) => {
    const stamped = authority.stamp(signature);
    await expect(stamped).rejects.toBeInstanceOf(TimestampRefused);
    return (await stamped.catch((error: Error) => error)) as Error;
  };

  it('answers a token on the SHA-256 of the signature value, which openssl verifies', async () => {
    const token = await new TimestampAuthority(tsa.url).stamp(signature);
    expect(verifyTimestampToken(token, signature, tsa.certificateFile)).toMatchObject({ verified: true });
    expect(verifyTimestampToken(token, randomBytes(256), tsa.certificateFile).verified).toBe(false);
    const query = tsa.queries.at(-1)!;
    expect(readQuery(query).imprint).toEqual(createHash('sha256').update(signature).digest());
    expect(tsa.authorizations.at(-1)).toBeUndefined();
  });

  it('sends a user and password in the URL as Basic authentication, and never logs them', async () => {
    const url = tsa.url.replace('http://', 'http://acme:s%C3%A9cret@');
    await new TimestampAuthority(url).stamp(signature);
    expect(tsa.authorizations.at(-1)).toBe(`Basic ${Buffer.from('acme:sécret').toString('base64')}`);
    expect(withoutCredentials(url)).toBe(tsa.url);
  });

  it('refuses a token on another nonce', async () => {
    tsa.behaviour = 'wrong-nonce';
    expect((await refusalOf(new TimestampAuthority(tsa.url))).message).toBe('the nonce does not match the request');
  });

  it('refuses a token on another imprint', async () => {
    tsa.behaviour = 'wrong-imprint';
    expect((await refusalOf(new TimestampAuthority(tsa.url))).message).toBe(
      'the message imprint does not match the signature',
    );
  });

  it("passes on the authority's refusal", async () => {
    tsa.behaviour = 'reject';
    expect((await refusalOf(new TimestampAuthority(tsa.url))).message).toMatch(
      /^the authority refused: status 2 \(.*policy.*\)$/i,
    );
  });

  it('refuses bytes that are no answer, and an HTTP error', async () => {
    tsa.behaviour = 'garbage';
    expect((await refusalOf(new TimestampAuthority(tsa.url))).message).toBe('the answer is not ASN.1');
    tsa.behaviour = 'unavailable';
    expect((await refusalOf(new TimestampAuthority(tsa.url))).message).toBe('the authority answered HTTP 503');
  });

  it('gives up on an authority that does not answer in time', async () => {
    tsa.behaviour = 'silent';
    const started = Date.now();
    expect((await refusalOf(new TimestampAuthority(tsa.url, 300))).message).toBe(
      'the authority did not answer within 300 ms',
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a damaged answer with a reason, whatever the damage, never with another error', async () => {
    const imprint = randomBytes(32);
    const nonce = newNonce();
    const answer = await fetch(tsa.url, { method: 'POST', body: new Uint8Array(timestampRequest(imprint, nonce)) });
    const response = Buffer.from(await answer.arrayBuffer());
    expect(tokenOfResponse(response, imprint, nonce)).toBeInstanceOf(Buffer);
    // A fixed sequence (a linear congruential generator), so a failure replays.
    let seed = 20261128;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const outcomes = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const damaged = i % 4 === 0 ? response.subarray(0, next(response.length)) : Buffer.from(response);
      if (i % 4 !== 0) damaged[next(damaged.length)] ^= 1 << next(8);
      try {
        tokenOfResponse(damaged, imprint, nonce);
        outcomes.add('kept');
      } catch (error) {
        expect(error).toBeInstanceOf(TimestampRefused);
        outcomes.add('refused');
      }
    }
    // A flipped bit in the token's signature or certificate is for the verifier to find.
    expect(outcomes).toEqual(new Set(['kept', 'refused']));
  });

  it('says so when nothing listens', async () => {
    const url = `http://127.0.0.1:${await freePort()}/tsa`;
    expect((await refusalOf(new TimestampAuthority(url))).message).toBe(
      'the authority cannot be reached: ECONNREFUSED',
    );
  });
});

describe('the timestamp answer', () => {
  const imprint = randomBytes(32);
  const nonce = newNonce();
  const granted = (token?: ReturnType<typeof seq>) => der(seq([seq([integer(0)]), ...(token ? [token] : [])]));

  it('refuses a grant without a token', () => {
    expect(refusal(() => tokenOfResponse(granted(), imprint, nonce))).toBe(
      'the answer grants a timestamp but holds no token',
    );
  });

  it('refuses a token that is not a SignedData', () => {
    const token = seq([oid('1.2.840.113549.1.7.1'), tagged(0, [seq([])])]);
    expect(refusal(() => tokenOfResponse(granted(token), imprint, nonce))).toBe('the token is not a SignedData');
  });

  it('refuses a SignedData that holds no TSTInfo', () => {
    const signedData = seq([integer(3), seq([]), seq([oid('1.2.840.113549.1.7.1')]), seq([])]);
    const token = seq([oid(TIMESTAMP_OID.signedData), tagged(0, [signedData])]);
    expect(refusal(() => tokenOfResponse(granted(token), imprint, nonce))).toBe('the token does not hold a TSTInfo');
  });

  it('refuses an answer that is not DER, or has bytes after it', () => {
    // A granted status whose outer length is in the long form where the short one does: valid BER, not DER.
    expect(refusal(() => tokenOfResponse(Buffer.from('3081053003020100', 'hex'), imprint, nonce))).toBe(
      'the answer is not in DER',
    );
    expect(refusal(() => tokenOfResponse(Buffer.concat([granted(), Buffer.from([0])]), imprint, nonce))).toBe(
      'the answer is not ASN.1',
    );
    expect(refusal(() => tokenOfResponse(Buffer.alloc(0), imprint, nonce))).toBe('the answer is not ASN.1');
  });

  it('refuses a status that is not a grant', () => {
    const waiting = der(seq([seq([integer(3)])]));
    expect(refusal(() => tokenOfResponse(waiting, imprint, nonce))).toBe('the authority refused: status 3');
  });
});
