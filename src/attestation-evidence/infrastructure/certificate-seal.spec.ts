import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evidenceWith } from '../../../test/support/certificate-evidence';
import { freePort } from '../../../test/support/free-port';
import {
  pdfsig,
  pdftotext,
  sealTimestamp,
  signedRanges,
  withOneSignedByteChanged,
} from '../../../test/support/pdf-tools';
import { writeSealP12 } from '../../../test/support/seal-p12';
import { startTestTsa, type TestTsa, type TsaBehaviour, verifyTimestampToken } from '../../../test/support/test-tsa';
import { loadOrCreateSealKey, readConfiguredSealKey } from '../../config/seal-key';
import { CmsSealSigner, TIMESTAMP_ROOM } from './certificate-seal';
import { CertificateTimestamps, type CertificateTimestampsOptions } from './certificate-timestamps';
import { der, octets, seq } from './der';
import type { InstallationSeal } from './installation-seal';
import { PdfkitCertificateRenderer } from './pdfkit-certificate-renderer';
import { ProcessCertificateRenderer } from './process-certificate-renderer';
import type { TimestampAuthority } from './timestamp-authority';

/** The sealed certificate, checked by poppler's pdfsig: an independent verifier of the PAdES signature. */
describe('the sealed certificate', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'seal-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const sealedBy = (key: InstallationSeal['key']) => new PdfkitCertificateRenderer({ key } as InstallationSeal);

  it('is signed over the whole file, valid, by the generated seal', async () => {
    const pdf = await sealedBy(loadOrCreateSealKey(dir)).render(evidenceWith(), new Date('2026-11-23T08:00:00Z'));
    const report = pdfsig(pdf);
    expect(report.validations).toEqual(['Signature is Valid.']);
    expect(report.signer).toBe('Attestation service seal');
    expect(report.output).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report.output).toContain('Signing Hash Algorithm: SHA-256');
    expect(report.output).toContain('Total document signed');
    const [start, first, second, last] = signedRanges(pdf);
    expect(start).toBe(0);
    expect(second + last).toBe(pdf.length);
    expect(first).toBeLessThan(second);
  });

  it('is invalid once one signed byte changes', async () => {
    const pdf = await sealedBy(loadOrCreateSealKey(dir)).render(evidenceWith(), new Date());
    const changed = withOneSignedByteChanged(pdf);
    expect(changed.equals(Buffer.from(pdf))).toBe(false);
    const report = pdfsig(changed);
    expect(report.validations).toHaveLength(1);
    expect(report.validations[0]).not.toBe('Signature is Valid.');
    expect(report.validations[0]).toMatch(/Invalid|Mismatch/i);
  });

  it("is sealed with an operator's PKCS#12, its chain embedded", async () => {
    const file = join(dir, 'operator.p12');
    writeSealP12(file, 'pass phrase', 'Acme Compliance seal');
    const pdf = await sealedBy(readConfiguredSealKey(file, 'pass phrase')).render(evidenceWith(), new Date());
    const report = pdfsig(pdf);
    expect(report.validations).toEqual(['Signature is Valid.']);
    expect(report.signer).toBe('Acme Compliance seal');
  });

  it('is not sealed without a seal', async () => {
    const pdf = await new PdfkitCertificateRenderer().render(evidenceWith(), new Date());
    expect(pdfsig(pdf).validations).toEqual([]);
  });

  it('shows a right-to-left override in a typed name as its code point, the name reading as typed', async () => {
    const pdf = await sealedBy(loadOrCreateSealKey(dir)).render(
      evidenceWith({ typedName: 'مرحبا\u202Eevil' }),
      new Date(),
    );
    const text = pdftotext(pdf);
    expect(text).toContain('evil[U+202E]');
    expect(text).toContain('مرحبا');
    expect(text).not.toContain('live');
    expect(pdfsig(pdf).validations).toEqual(['Signature is Valid.']);
  });

  /** PAdES-B-T: the authority's token on the signature value, checked by openssl, the seal still valid for pdfsig. */
  describe('with a time-stamping authority', () => {
    jest.setTimeout(120_000);
    let tsa: TestTsa;
    let logger: { warn: jest.Mock; log: jest.Mock };
    beforeAll(async () => {
      tsa = await startTestTsa();
    });
    afterAll(() => tsa.close());
    beforeEach(() => {
      logger = { warn: jest.fn(), log: jest.fn() };
    });

    const timestampsAt = (url: string, options: CertificateTimestampsOptions = {}) =>
      new CertificateTimestamps(url, { logger, ...options });
    const sealedWithTimestamps = (timestamps: CertificateTimestamps) =>
      new PdfkitCertificateRenderer({ key: loadOrCreateSealKey(dir) } as InstallationSeal, timestamps);
    const expectValidSeal = (pdf: Uint8Array) => {
      const report = pdfsig(pdf);
      expect(report.validations).toEqual(['Signature is Valid.']);
      expect(report.output).toContain('Total document signed');
    };
    /** Sealed while the authority behaves so: valid, without a timestamp, one warning naming why. */
    const sealedWithout = async (behaviour: TsaBehaviour, why: string | RegExp, options = {}) => {
      tsa.behaviour = behaviour;
      const asked = tsa.queries.length;
      const pdf = await sealedWithTimestamps(timestampsAt(tsa.url, options)).render(evidenceWith(), new Date());
      expect(tsa.queries.length).toBe(asked + 1);
      expect(sealTimestamp(pdf).token).toBeUndefined();
      expectValidSeal(pdf);
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn.mock.calls[0][0]).toMatch(why);
    };

    it("carries the authority's token on its signature value, which openssl verifies", async () => {
      tsa.behaviour = 'grant';
      const pdf = await sealedWithTimestamps(timestampsAt(tsa.url)).render(evidenceWith(), new Date());
      expectValidSeal(pdf);
      const { token, signatureValue } = sealTimestamp(pdf);
      expect(token).toBeDefined();
      expect(verifyTimestampToken(token!, signatureValue, tsa.certificateFile)).toMatchObject({ verified: true });
      // The token is bound to this signature: another one's value does not verify.
      const other = sealTimestamp(await sealedBy(loadOrCreateSealKey(dir)).render(evidenceWith(), new Date()));
      expect(other.token).toBeUndefined();
      expect(verifyTimestampToken(token!, other.signatureValue, tsa.certificateFile).verified).toBe(false);
      expect(logger.warn).not.toHaveBeenCalled();
    });

    it('is timestamped when drawn in the rendering process too', async () => {
      tsa.behaviour = 'grant';
      const renderer = new ProcessCertificateRenderer(
        undefined,
        { key: loadOrCreateSealKey(dir) } as InstallationSeal,
        timestampsAt(tsa.url),
      );
      try {
        const pdf = await renderer.render(evidenceWith(), new Date());
        expectValidSeal(pdf);
        const { token, signatureValue } = sealTimestamp(pdf);
        expect(verifyTimestampToken(token!, signatureValue, tsa.certificateFile)).toMatchObject({ verified: true });
      } finally {
        await renderer.onModuleDestroy();
      }
    });

    it('is sealed without a timestamp when the authority is down', async () => {
      const down = `http://127.0.0.1:${await freePort()}/tsa`;
      const pdf = await sealedWithTimestamps(timestampsAt(down)).render(evidenceWith(), new Date());
      expect(sealTimestamp(pdf).token).toBeUndefined();
      expectValidSeal(pdf);
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn.mock.calls[0][0]).toMatch(/cannot be reached: ECONNREFUSED/);
    });

    it('is sealed without a timestamp, in bounded time, when the authority does not answer', async () => {
      const started = Date.now();
      await sealedWithout('silent', /did not answer within 500 ms/, { timeoutMs: 500 });
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('refuses a token on another nonce: sealed without it', async () => {
      await sealedWithout('wrong-nonce', /the nonce does not match/);
    });

    it('refuses a token on another imprint: sealed without it', async () => {
      await sealedWithout('wrong-imprint', /the message imprint does not match/);
    });

    it('seals at baseline whatever the authority throws, and a token too large for its room', async () => {
      const answering = (stamp: () => Promise<Buffer>) =>
        new CmsSealSigner(loadOrCreateSealKey(dir), { stamp } as unknown as TimestampAuthority);
      const baseline = await answering(() => Promise.reject(new Error('never asked'))).seal(Buffer.from('pdf'), false);
      expect(baseline.timestamp).toEqual({ kind: 'not-asked' });

      const thrown = await answering(() => Promise.reject(new TypeError('boom'))).seal(Buffer.from('pdf'), true);
      expect(thrown.timestamp).toEqual({ kind: 'failed', reason: 'the timestamp failed: TypeError: boom' });
      expect(thrown.cms.length).toBe(baseline.cms.length);

      // Beyond the room and the baseline's own slack (4 KB).
      const huge = der(seq([octets(Buffer.alloc(TIMESTAMP_ROOM + 4096))]));
      const tooLarge = await answering(() => Promise.resolve(huge)).seal(Buffer.from('pdf'), true);
      expect(tooLarge.timestamp).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/does not fit/) });
      expect(tooLarge.cms.length).toBe(baseline.cms.length);
    });

    it('is sealed without a timestamp when the authority answers garbage or refuses', async () => {
      await sealedWithout('garbage', /not ASN\.1/);
      logger.warn.mockClear();
      await sealedWithout('reject', /refused: status 2/);
    });
  });
});
