import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evidenceWith } from '../../../test/support/certificate-evidence';
import { pdfsig, pdftotext, signedRanges, withOneSignedByteChanged } from '../../../test/support/pdf-tools';
import { writeSealP12 } from '../../../test/support/seal-p12';
import { loadOrCreateSealKey, readConfiguredSealKey } from '../../config/seal-key';
import type { InstallationSeal } from './installation-seal';
import { PdfkitCertificateRenderer } from './pdfkit-certificate-renderer';

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
});
