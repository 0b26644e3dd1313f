/**
 * The entry point of the thread that draws certificates (started by `WorkerCertificateRenderer`): pdfkit, the
 * parsed fonts and every byte of garbage a certificate makes live in this thread's own V8 heap, bounded by its
 * resource limits, and the API's event loop is not blocked while a certificate is drawn. It answers each job in
 * turn with the PDF and the heap it uses after it.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { drawCertificate } from './certificate-drawing';
import type { CertificateJob, CertificateReply } from './certificate-thread-protocol';

const port = parentPort;
if (!port) throw new Error('certificate-worker runs in a worker thread');

port.on('message', (job: CertificateJob) => {
  void answer(job);
});

async function answer(job: CertificateJob): Promise<void> {
  let reply: CertificateReply;
  try {
    const pdf = await drawCertificate(job.content, job.generatedAt);
    // Copied (a Buffer's memory cannot be transferred): some 25 KB.
    reply = { id: job.id, pdf, heapUsed: getHeapStatistics().used_heap_size };
    port!.postMessage(reply);
  } catch (error) {
    reply = {
      id: job.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      heapUsed: getHeapStatistics().used_heap_size,
    };
    port!.postMessage(reply);
  }
}
