import { execFile, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Asn1, contentOf, fromDer } from '../../src/attestation-evidence/infrastructure/der';
import { newNonce, timestampRequest } from '../../src/attestation-evidence/infrastructure/timestamp-authority';

const run = promisify(execFile);

/**
 * How the test authority answers: `grant` as a time-stamping authority does (`openssl ts -reply`); a token for
 * another nonce or another imprint (granted, signed, but not ours); a refusal (status rejection, for a policy it
 * does not have); bytes that are no answer; HTTP 503; or nothing at all.
 */
export type TsaBehaviour = 'grant' | 'wrong-nonce' | 'wrong-imprint' | 'reject' | 'garbage' | 'unavailable' | 'silent';

export interface TestTsa {
  url: string;
  /** The authority's certificate (PEM), self-signed with extendedKeyUsage critical timeStamping: the trust anchor. */
  certificateFile: string;
  behaviour: TsaBehaviour;
  /** The queries received, as sent, and the Authorization header of each. */
  readonly queries: Buffer[];
  readonly authorizations: (string | undefined)[];
  close(): Promise<void>;
}

/** An RFC 3161 authority on a free local port, answering with OpenSSL's own `ts -reply`. */
export async function startTestTsa(): Promise<TestTsa> {
  const dir = mkdtempSync(join(tmpdir(), 'tsa-'));
  const certificateFile = join(dir, 'tsa.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    join(dir, 'tsa.key'),
    '-out',
    certificateFile,
    '-days',
    '2',
    '-subj',
    '/CN=Test time-stamping authority',
    '-addext',
    'extendedKeyUsage=critical,timeStamping',
    '-addext',
    'keyUsage=critical,digitalSignature',
  ]);
  writeFileSync(join(dir, 'serial'), '01\n');
  const config = join(dir, 'tsa.cnf');
  writeFileSync(
    config,
    [
      '[ tsa ]',
      'default_tsa = test_tsa',
      '[ test_tsa ]',
      `serial = ${join(dir, 'serial')}`,
      'crypto_device = builtin',
      `signer_cert = ${certificateFile}`,
      `signer_key = ${join(dir, 'tsa.key')}`,
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.55555.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = no',
      'tsa_name = yes',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );

  let replies = 0;
  /** `openssl ts -reply` to a query (files in, files out: it reads and writes nothing else). */
  const reply = async (query: Buffer): Promise<Buffer> => {
    const name = join(dir, `reply-${++replies}`);
    writeFileSync(`${name}.tsq`, query);
    await run('openssl', ['ts', '-reply', '-config', config, '-queryfile', `${name}.tsq`, '-out', `${name}.tsr`]);
    return readFileSync(`${name}.tsr`);
  };
  const answerTo = async (query: Buffer): Promise<Buffer> => {
    const { imprint, nonce } = readQuery(query);
    switch (tsa.behaviour) {
      case 'wrong-nonce':
        return reply(timestampRequest(imprint, newNonce()));
      case 'wrong-imprint':
        return reply(timestampRequest(randomBytes(32), nonce));
      case 'reject': {
        const other = join(dir, `policy-${++replies}.tsq`);
        await run('openssl', [
          'ts',
          '-query',
          '-digest',
          imprint.toString('hex'),
          '-sha256',
          '-tspolicy',
          '1.2.3.4.99',
          '-out',
          other,
        ]);
        return reply(readFileSync(other));
      }
      case 'garbage':
        return Buffer.from('this is not a timestamp');
      default:
        return reply(query);
    }
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const query = Buffer.concat(chunks);
      tsa.queries.push(query);
      tsa.authorizations.push(request.headers.authorization);
      if (tsa.behaviour === 'silent') return;
      if (tsa.behaviour === 'unavailable') {
        response.writeHead(503).end();
        return;
      }
      answerTo(query).then(
        (body) => response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body),
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const tsa: TestTsa = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    certificateFile,
    behaviour: 'grant',
    queries: [],
    authorizations: [],
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return tsa;
}

/** The imprint and nonce of a TimeStampReq: version, messageImprint, then (no policy in ours) the nonce. */
export function readQuery(query: Buffer): { imprint: Buffer; nonce: Buffer } {
  const fields = fromDer(query).value as Asn1[];
  return {
    imprint: contentOf((fields[1].value as Asn1[])[1]),
    nonce: contentOf(fields.find((field, at) => at > 1 && field.type === 2)!),
  };
}

/**
 * `openssl ts -verify` of a timestamp token on a signature value: its imprint must be the SHA-256 of that value,
 * and its signature chain to the authority's certificate.
 */
export function verifyTimestampToken(
  token: Buffer,
  signatureValue: Buffer,
  certificateFile: string,
): { verified: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tst-'));
  try {
    writeFileSync(join(dir, 'token.der'), token);
    const digest = createHash('sha256').update(signatureValue).digest('hex');
    const verify = spawnSync(
      'openssl',
      ['ts', '-verify', '-digest', digest, '-in', join(dir, 'token.der'), '-token_in', '-CAfile', certificateFile],
      { encoding: 'utf8' },
    );
    const output = `${verify.stdout}${verify.stderr}`;
    return { verified: verify.status === 0 && /Verification: OK/.test(output), output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
