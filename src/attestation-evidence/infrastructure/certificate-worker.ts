/**
 * The entry point of the thread that draws certificates (started by `WorkerCertificateRenderer`): pdfkit, the
 * parsed fonts and every byte of garbage a certificate makes live in this thread's own V8 heap, bounded by its
 * resource limits, and the API's event loop is not blocked while a certificate is drawn. It answers each job in
 * turn with the PDF and the heap it keeps.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { drawCertificate } from './certificate-drawing';
import type { CertificateJob, CertificateReply } from './certificate-thread-protocol';

const port = parentPort;
if (!port) throw new Error('certificate-worker runs in a worker thread');

/**
 * The heap still in use right after the latest full collection: what the thread keeps (fonts, glyphs, caches),
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

port.on('message', (job: CertificateJob) => {
  void answer(job);
});

async function answer(job: CertificateJob): Promise<void> {
  let reply: CertificateReply;
  try {
    const pdf = await drawCertificate(job.content, job.generatedAt);
    // Copied (a Buffer's memory cannot be transferred): some 25 KB.
    reply = { id: job.id, pdf, liveHeap: liveHeap() };
    port!.postMessage(reply);
  } catch (error) {
    reply = {
      id: job.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      liveHeap: liveHeap(),
    };
    port!.postMessage(reply);
  }
}
