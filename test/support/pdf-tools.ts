import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
