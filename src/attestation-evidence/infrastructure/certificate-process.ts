/**
 * The entry point of the process that draws certificates (forked by `ProcessCertificateRenderer`): pdfkit, the
 * parsed fonts and every byte of garbage a certificate makes live in this process's own heap, bounded by its V8
 * flags and given back to the system whole when it ends, and the API's event loop is not blocked while a
 * certificate is drawn. It answers each job in turn with the PDF and the heap it keeps, and ends with the API
 * (the IPC channel closes).
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { drawCertificate } from './certificate-drawing';
import type { CertificateJob, CertificateReply, SealSetup } from './certificate-process-protocol';
import { CmsSealSigner } from './certificate-seal';
import { TimestampAuthority } from './timestamp-authority';

const send = process.send?.bind(process);
if (!send) throw new Error('certificate-process runs as a child process with an IPC channel');

/**
 * The heap still in use right after the latest full collection: what the process keeps (fonts, glyphs, caches),
 * without the garbage of the certificates drawn since, which the used heap at any moment includes.
 */
let liveAfterFullCollection: number | null = null;
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) {
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) liveAfterFullCollection = getHeapStatistics().used_heap_size;
  }
}).observe({ entryTypes: ['gc'] });

/** Before the first full collection, the used heap: an upper bound. */
const liveHeap = () => liveAfterFullCollection ?? getHeapStatistics().used_heap_size;

let seal: CmsSealSigner | undefined;

process.on('message', (message: CertificateJob | SealSetup) => {
  if ('seal' in message) {
    const { authority } = message;
    seal = new CmsSealSigner(message.seal, authority && new TimestampAuthority(authority.url, authority.timeoutMs));
  } else void answer(message);
});
// The API ended or let this process go: nothing more will come.
process.on('disconnect', () => process.exit(0));

async function answer(job: CertificateJob): Promise<void> {
  let reply: CertificateReply;
  try {
    const sealing = seal && { signer: seal, timestamped: job.timestamped };
    const { pdf, timestamp } = await drawCertificate(job.content, job.generatedAt, sealing);
    reply = { id: job.id, pdf, timestamp, liveHeap: liveHeap() };
  } catch (error) {
    reply = {
      id: job.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      liveHeap: liveHeap(),
    };
  }
  // The API can end between the check and the write (its side of the channel closed, the disconnect not yet read
  // here): the callback takes that EPIPE, which would otherwise end this process with a stack trace on the API's
  // stderr. There is no one left to answer, and the disconnect ends this process next.
  if (process.connected) send!(reply, undefined, undefined, () => undefined);
}
