import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';

/** Runs a poppler tool (pdfsig, pdftotext) on the PDF, written to a temporary file; answers its output. */
function poppler(tool: string, pdf: Uint8Array, args: string[] = []): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const run = spawnSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
    if (run.error) throw run.error;
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What poppler's `pdfsig` says of the PDF's signatures, an independent verifier (NSS underneath): the validation
 * line of each signature, and the signer's name.
 */
export function pdfsig(pdf: Uint8Array): { validations: string[]; signer: string | undefined; output: string } {
  const { output } = poppler('pdfsig', pdf);
  return {
    validations: [...output.matchAll(/- Signature Validation: (.+)/g)].map((match) => match[1].trim()),
    signer: /- Signer Certificate Common Name: (.+)/.exec(output)?.[1].trim(),
    output,
  };
}

/** The text `pdftotext` extracts, in reading order as poppler sees it. */
export function pdftotext(pdf: Uint8Array): string {
  return poppler('pdftotext', pdf).output;
}

/** The signed byte ranges of the PDF's (first) signature, `[start, length, start, length]`. */
export function signedRanges(pdf: Uint8Array): number[] {
  const text = Buffer.from(pdf).toString('latin1');
  const match = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text);
  if (!match) throw new Error('the PDF has no /ByteRange');
  return match.slice(1).map(Number);
}

/**
 * A copy with one byte changed inside the signed part and nothing else: a letter of the document's text in the
 * signature dictionary's `/Reason`, which every reader still parses.
 */
export function withOneSignedByteChanged(pdf: Uint8Array, needle = '(Certificate of completion'): Buffer {
  const copy = Buffer.from(pdf);
  const at = copy.indexOf(needle, 0, 'latin1');
  if (at < 0) throw new Error(`${needle} is not in the PDF`);
  const [, firstEnd, secondStart] = signedRanges(pdf);
  const offset = at + 1;
  if (offset >= firstEnd && offset < secondStart) throw new Error('the byte is not in a signed range');
  copy[offset] ^= 0x01;
  return copy;
}

/**
 * The CMS of the PDF's (first) signature, read from the hole its byte range leaves, and in it the signature value
 * of its SignerInfo and the timestamp token of its unsigned attributes (id-aa-signatureTimeStampToken), if any.
 */
export function sealTimestamp(pdf: Uint8Array): { signatureValue: Buffer; token: Buffer | undefined } {
  const [, holeStart, holeEnd] = signedRanges(pdf);
  const hex = Buffer.from(pdf.subarray(holeStart + 1, holeEnd - 1)).toString('latin1');
  // The hole is padded with zeros after the CMS: parse the CMS alone (an option the typings do not know).
  const fromDer = forge.asn1.fromDer as unknown as (
    bytes: forge.util.ByteStringBuffer,
    options: object,
  ) => forge.asn1.Asn1;
  const cms = fromDer(forge.util.createBuffer(Buffer.from(hex, 'hex').toString('binary')), { parseAllBytes: false });
  const node = (parent: forge.asn1.Asn1, at: number) => (parent.value as forge.asn1.Asn1[]).at(at)!;
  const signedData = node(node(cms, 1), 0);
  const signerInfo = node(node(signedData, -1), 0);
  const fields = signerInfo.value as forge.asn1.Asn1[];
  const signature = fields.find((field) => field.tagClass === forge.asn1.Class.UNIVERSAL && field.type === 4)!;
  const unsigned = fields.find((field) => field.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && field.type === 1);
  const attribute =
    unsigned &&
    (unsigned.value as forge.asn1.Asn1[]).find(
      (candidate) => forge.asn1.derToOid(node(candidate, 0).value as string) === '1.2.840.113549.1.9.16.2.14',
    );
  const der = (value: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(value).getBytes(), 'binary');
  return {
    signatureValue: Buffer.from(signature.value as string, 'binary'),
    token: attribute && der(node(node(attribute, 1), 0)),
  };
}
