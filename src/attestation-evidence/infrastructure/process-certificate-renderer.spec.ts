import { extractText, getDocumentProxy } from 'unpdf';
import { evidenceWith, SHA } from '../../../test/support/certificate-evidence';
import { ProcessCertificateRenderer } from './process-certificate-renderer';

const evidenceSignedBy = (typedName: string) =>
  evidenceWith({ typedName, recipientName: 'Chloé Wang', recipientEmail: 'chloe@example.test' });

async function textOf(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/** Whether a process of that id still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('ProcessCertificateRenderer', () => {
  // The process compiles the drawing's TypeScript with ts-node on its first certificate: seconds on a loaded machine.
  jest.setTimeout(120_000);
  let renderer: ProcessCertificateRenderer;

  afterEach(async () => {
    await renderer.onModuleDestroy();
  });

  it('draws the certificates in its own process, each answered with its own PDF', async () => {
    renderer = new ProcessCertificateRenderer();
    const names = ['Chloé 王 محمد', 'Ada <script>alert(1)</script> Lovelace', 'דוד כהן'];
    const evidences = names.map(evidenceSignedBy);
    const pdfs = await Promise.all(evidences.map((evidence) => renderer.render(evidence, new Date())));
    for (const [index, pdf] of pdfs.entries()) {
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
      const text = await textOf(pdf);
      expect(text).toContain(`Request id ${evidences[index].request.id}`);
      expect(text).toContain(`SHA-256 of the text signed ${SHA}`);
    }
    expect(await textOf(pdfs[1])).toContain('Ada <script>alert(1)</script> Lovelace');
    expect(renderer.pid).toBeDefined();
    expect(renderer.pid).not.toBe(process.pid);
    expect(running(renderer.pid!)).toBe(true);
  });

  it('hands the certificates to a fresh process once the heap it keeps passes the limit', async () => {
    renderer = new ProcessCertificateRenderer({ retireAboveMb: 0 });
    const before = renderer.processesStarted;
    for (let round = 0; round < 3; round++) {
      expect(await textOf(await renderer.render(evidenceSignedBy('Ada Lovelace'), new Date()))).toContain(
        'Typed name Ada Lovelace',
      );
    }
    expect(renderer.processesStarted - before).toBe(3);
  });

  it('draws a certificate again in a fresh process when its process dies with it', async () => {
    renderer = new ProcessCertificateRenderer();
    await renderer.render(evidenceSignedBy('Ada Lovelace'), new Date());
    const before = renderer.processesStarted;
    const drawing = renderer.render(evidenceSignedBy('Grace Hopper'), new Date());
    process.kill(renderer.pid!, 'SIGKILL');
    expect(await textOf(await drawing)).toContain('Typed name Grace Hopper');
    expect(renderer.processesStarted - before).toBe(1);
  });

  it('ends its process once idle, giving its memory back, and starts a fresh one for the next certificate', async () => {
    renderer = new ProcessCertificateRenderer({ idleMs: 300 });
    await renderer.render(evidenceSignedBy('Ada Lovelace'), new Date());
    const first = renderer.pid!;
    await until(() => !running(first));
    expect(renderer.pid).toBeUndefined();
    const before = renderer.processesStarted;
    expect(await textOf(await renderer.render(evidenceSignedBy('Grace Hopper'), new Date()))).toContain(
      'Typed name Grace Hopper',
    );
    expect(renderer.processesStarted - before).toBe(1);
    expect(renderer.pid).not.toBe(first);
  });

  it('ends its process with the module', async () => {
    renderer = new ProcessCertificateRenderer();
    await renderer.render(evidenceSignedBy('Ada Lovelace'), new Date());
    const pid = renderer.pid!;
    await renderer.onModuleDestroy();
    expect(running(pid)).toBe(false);
  });
});
