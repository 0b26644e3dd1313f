import { createHash, randomBytes } from 'node:crypto';
import {
  type Asn1,
  algorithm,
  boolean,
  contentOf,
  der,
  fromDer,
  integer,
  integerOfBytes,
  isTagged,
  isUniversal,
  octets,
  oidOf,
  seq,
  Type,
} from './der';

/**
 * An RFC 3161 time-stamping authority (SEAL_TSA_URL), asked over HTTP for a timestamp token on a seal's signature
 * value, which makes the seal PAdES-B-T. Everything that can go wrong ends in `TimestampRefused` with one line
 * saying why: the caller seals without the timestamp rather than fail the certificate.
 */

export const TIMESTAMP_OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  /** id-aa-signatureTimeStampToken: the unsigned attribute of a SignerInfo that carries the token. */
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
};

/** How long the authority has to answer, and the most it may answer (a token is a few KB). */
export const TIMESTAMP_TIMEOUT_MS = 5_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

/** What came of asking for a certificate's timestamp; crosses from the rendering process by structured clone. */
export type TimestampOutcome = { kind: 'stamped' } | { kind: 'failed'; reason: string } | { kind: 'not-asked' };

export class TimestampRefused extends Error {}

/** A random positive nonce of about 126 bits, as the minimal content octets of its INTEGER. */
export function newNonce(): Buffer {
  const nonce = randomBytes(16);
  nonce[0] = (nonce[0] & 0x7f) | 0x40;
  return nonce;
}

/** TimeStampReq (RFC 3161 §2.4.1): v1, the SHA-256 imprint, no policy, the nonce, certReq true. */
export function timestampRequest(imprint: Uint8Array, nonce: Uint8Array): Buffer {
  return der(
    seq([integer(1), seq([algorithm(TIMESTAMP_OID.sha256), octets(imprint)]), integerOfBytes(nonce), boolean(true)]),
  );
}

/**
 * The TimeStampToken of a TimeStampResp (RFC 3161 §2.4.2), as its DER, once the answer is checked: granted, in
 * DER, a SignedData whose content is a TSTInfo with our imprint (SHA-256) and our nonce. The token's own signature
 * is for the verifier (a PDF reader, `openssl ts -verify`) to check against the trust it has.
 */
export function tokenOfResponse(response: Uint8Array, imprint: Uint8Array, nonce: Uint8Array): Buffer {
  const answer = parse(response, 'the answer');
  const [statusInfo, token] = valuesOf(answer, 'the answer');
  const status = valuesOf(statusInfo, 'the status')[0];
  if (!isUniversal(status, Type.INTEGER)) throw new TimestampRefused('the answer has no status');
  const code = contentOf(status).length === 1 ? contentOf(status)[0] : -1;
  // 0 granted, 1 granted with modifications; the rest refuse (2 rejection, 3 waiting, 4 and 5 revocation).
  if (code !== 0 && code !== 1) {
    const text = valuesOf(statusInfo, 'the status')[1];
    const said = isUniversal(text, Type.SEQUENCE)
      ? (text.value as Asn1[])
          .map((line) => contentOf(line).toString('utf8'))
          .join(' ')
          .replace(/[^\x20-\x7e\u00a0-\uffff]/g, '?')
          .slice(0, 200)
      : '';
    throw new TimestampRefused(`the authority refused: status ${code}${said ? ` (${said})` : ''}`);
  }
  if (!token) throw new TimestampRefused('the answer grants a timestamp but holds no token');

  const [contentType, signedDataTag] = valuesOf(token, 'the token');
  if (!isUniversal(contentType, Type.OID) || oidOf(contentType) !== TIMESTAMP_OID.signedData)
    throw new TimestampRefused('the token is not a SignedData');
  const signedData = isTagged(signedDataTag, 0) ? (signedDataTag.value as Asn1[])[0] : undefined;
  const fields = valuesOf(signedData, 'the SignedData');
  const [eContentType, eContentTag] = valuesOf(fields[2], 'the SignedData content');
  if (!isUniversal(eContentType, Type.OID) || oidOf(eContentType) !== TIMESTAMP_OID.tstInfo)
    throw new TimestampRefused('the token does not hold a TSTInfo');
  const eContent = isTagged(eContentTag, 0) ? (eContentTag.value as Asn1[])[0] : undefined;
  if (!isUniversal(eContent, Type.OCTETSTRING) || typeof eContent.value !== 'string')
    throw new TimestampRefused('the token does not hold a TSTInfo');
  if (!isUniversal(fields.at(-1), Type.SET) || (fields.at(-1)!.value as Asn1[]).length === 0)
    throw new TimestampRefused('the token is not signed');

  const tstInfo = valuesOf(parse(contentOf(eContent), 'the TSTInfo'), 'the TSTInfo');
  const [hashAlgorithm, hashed] = valuesOf(tstInfo[2], 'the message imprint');
  const algorithmId = valuesOf(hashAlgorithm, 'the message imprint')[0];
  if (
    !isUniversal(algorithmId, Type.OID) ||
    oidOf(algorithmId) !== TIMESTAMP_OID.sha256 ||
    !isUniversal(hashed, Type.OCTETSTRING) ||
    !contentOf(hashed).equals(Buffer.from(imprint))
  )
    throw new TimestampRefused('the message imprint does not match the signature');
  // After version, policy, imprint, serial number and time: accuracy and ordering, optional, then the nonce.
  const answeredNonce = tstInfo.slice(5).find((field) => isUniversal(field, Type.INTEGER));
  if (!answeredNonce || !contentOf(answeredNonce).equals(Buffer.from(nonce)))
    throw new TimestampRefused('the nonce does not match the request');
  return der(token);
}

/**
 * The authority at `url`: one POST of `application/timestamp-query` per signature, bounded by `timeoutMs`. A user
 * and password in the URL (a commercial authority's account) go as HTTP Basic authentication.
 */
export class TimestampAuthority {
  private readonly endpoint: string;
  private readonly authorization: string | undefined;

  constructor(
    url: string,
    private readonly timeoutMs = TIMESTAMP_TIMEOUT_MS,
  ) {
    const target = new URL(url);
    const user = decodeURIComponent(target.username);
    const password = decodeURIComponent(target.password);
    this.authorization =
      user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
    this.endpoint = withoutCredentials(url);
  }

  /** The token for that signature value (the SignerInfo's signature octets); TimestampRefused says why not. */
  async stamp(signatureValue: Uint8Array): Promise<Buffer> {
    const imprint = createHash('sha256').update(signatureValue).digest();
    const nonce = newNonce();
    const response = await this.exchange(timestampRequest(imprint, nonce));
    try {
      return tokenOfResponse(response, imprint, nonce);
    } catch (error) {
      // An answer malformed in a way no check above names (an OID node-forge cannot read) is refused all the same.
      if (error instanceof TimestampRefused) throw error;
      throw new TimestampRefused(`the answer cannot be read: ${(error as Error).message}`);
    }
  }

  private async exchange(query: Buffer): Promise<Buffer> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/timestamp-query',
          accept: 'application/timestamp-reply',
          ...(this.authorization ? { authorization: this.authorization } : {}),
        },
        body: new Uint8Array(query),
        signal: deadline,
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new TimestampRefused(`the authority answered HTTP ${response.status}`);
      }
      return await atMost(response, MAX_RESPONSE_BYTES);
    } catch (error) {
      if (error instanceof TimestampRefused) throw error;
      // However fetch words it (the abort itself, or a failure caused by it), while connecting or reading.
      if (deadline.aborted) throw new TimestampRefused(`the authority did not answer within ${this.timeoutMs} ms`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new TimestampRefused(
        `the authority cannot be reached: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      );
    }
  }
}

/** The URL as it may be logged: without a user and password. */
export function withoutCredentials(url: string): string {
  const target = new URL(url);
  target.username = '';
  target.password = '';
  return target.href;
}

async function atMost(response: Response, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of response.body ?? []) {
    length += chunk.length;
    if (length > limit) throw new TimestampRefused(`the answer is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Parsed, and only if it is DER through and through: the token is embedded as node-forge writes it back. */
function parse(bytes: Uint8Array, what: string): Asn1 {
  let node: Asn1;
  try {
    node = fromDer(bytes);
  } catch {
    throw new TimestampRefused(`${what} is not ASN.1`);
  }
  if (!der(node).equals(Buffer.from(bytes))) throw new TimestampRefused(`${what} is not in DER`);
  return node;
}

/** The members of a SEQUENCE, or TimestampRefused naming what was expected. */
function valuesOf(node: Asn1 | undefined, what: string): Asn1[] {
  if (!isUniversal(node, Type.SEQUENCE)) throw new TimestampRefused(`${what} is not a SEQUENCE`);
  return node.value as Asn1[];
}
