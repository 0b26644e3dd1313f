import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Inject, Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import { CertificateRenderer } from '../application/certificate-renderer';
import type { AttestationEvidence } from '../domain/attestation-evidence';
import { certificateContentOf } from './certificate-content';
import type { CertificateJob, CertificateReply } from './certificate-thread-protocol';

/** The limits of the rendering thread (see `WorkerCertificateRenderer`). */
export interface CertificateThreadOptions {
  /** V8's old generation of the thread, in MB: the parsed fonts (about 45 MB with every face) and what they cache. */
  maxOldGenerationSizeMb: number;
  /**
   * Its young generation, in MB: the garbage of the certificates being drawn (about 4 MB each). 32 spares some
   * 3 ms of CPU a certificate (fewer collections in mid-drawing), but in the bench the API's resident memory then
   * grew 28 MB over 1,000 certificates after the warm-up, against 9 MB with 16.
   */
  maxYoungGenerationSizeMb: number;
  /**
   * A thread that keeps more than this (MB; its heap in use after its latest full collection) is replaced by a
   * fresh one. Not the used heap at any moment, which holds the garbage of the last certificates too: a threshold
   * on it could replace a thread for nothing, and a replacement costs a new heap and a second parse of the fonts.
   */
  retireAboveMb: number;
}

export const CERTIFICATE_THREAD_OPTIONS = Symbol('CERTIFICATE_THREAD_OPTIONS');

const DEFAULTS: CertificateThreadOptions = {
  maxOldGenerationSizeMb: 128,
  maxYoungGenerationSizeMb: 16,
  retireAboveMb: 96,
};

/** The thread died (a crash, or out of memory despite the limits) with the certificate in it. */
class ThreadLostError extends Error {}

/**
 * Draws certificates on one thread of the API process, started on the first certificate and reused: the API's
 * event loop is not blocked while pdfkit works (about 10 ms a certificate, more for CJK), and the memory it uses
 * is bounded. The parsed fonts and the garbage each certificate makes (about 4 MB: font subsets, PDF
 * serialisation) live in the thread's own V8 heap, whose limits keep it collected at a small size; in the API's
 * heap, V8 let that garbage grow the heap by more than 100 MB over 1,000 certificates.
 *
 * fontkit keeps every glyph it has decoded (about 10 KB each: a CJK font has 17,000 to 31,000), so a thread that
 * drew many different names grows: once the heap it keeps (in use after a full collection) passes `retireAboveMb`,
 * the next ones go to a fresh thread and the old one ends, giving its whole heap back. A thread that dies (a crash, or out of
 * memory) fails none of its certificates: each is drawn once more on a fresh thread. One thread, not a pool: two
 * would each parse the fonts, and the machine the API runs on has few cores.
 */
@Injectable()
export class WorkerCertificateRenderer extends CertificateRenderer implements OnModuleDestroy {
  private readonly options: CertificateThreadOptions;
  private thread: RenderingThread | null = null;
  private readonly retiring = new Set<RenderingThread>();
  private closed = false;

  constructor(@Optional() @Inject(CERTIFICATE_THREAD_OPTIONS) options?: Partial<CertificateThreadOptions>) {
    super();
    this.options = { ...DEFAULTS, ...options };
  }

  render(evidence: AttestationEvidence, generatedAt: Date): Promise<Uint8Array> {
    return this.draw({ content: certificateContentOf(evidence), generatedAt }, false);
  }

  /** Threads started so far (for tests: a retired or lost thread is replaced by a new one). */
  get threadsStarted(): number {
    return RenderingThread.started;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const threads = [...this.retiring, ...(this.thread ? [this.thread] : [])];
    this.thread = null;
    await Promise.all(threads.map((thread) => thread.terminate()));
  }

  private async draw(job: Omit<CertificateJob, 'id'>, retried: boolean): Promise<Uint8Array> {
    const thread = this.current();
    try {
      return await thread.submit(job);
    } catch (error) {
      // Not once the module is closing: the thread was ended on purpose.
      if (error instanceof ThreadLostError && !retried && !this.closed) return this.draw(job, true);
      throw error;
    }
  }

  private current(): RenderingThread {
    if (!this.thread || !this.thread.accepting) {
      const thread = new RenderingThread(this.options, () => {
        // Retired: it finishes the certificates it holds, then ends.
        if (this.thread === thread) this.thread = null;
        this.retiring.add(thread);
        void thread.drained().then(() => {
          this.retiring.delete(thread);
          return thread.terminate();
        });
      });
      this.thread = thread;
    }
    return this.thread;
  }
}

interface Pending {
  resolve(pdf: Uint8Array): void;
  reject(error: Error): void;
}

/** One worker thread and the certificates it holds. */
class RenderingThread {
  static started = 0;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private retired = false;
  private dead = false;
  private whenDrained: (() => void) | null = null;

  constructor(
    private readonly options: CertificateThreadOptions,
    private readonly onRetire: () => void,
  ) {
    RenderingThread.started++;
    // Compiled, the entry is a .js file beside this one; under ts-jest it is the .ts source, which ts-node compiles.
    const entry = join(__dirname, `certificate-worker${extname(__filename)}`);
    this.worker = new Worker(entry, {
      // Not the API's own flags: `-r` preloads (the bench's SQL recorder) must not run twice.
      execArgv: entry.endsWith('.ts') ? ['--require', 'ts-node/register/transpile-only'] : [],
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb,
      },
    });
    // Never what keeps the process alive.
    this.worker.unref();
    this.worker.on('message', (reply: CertificateReply) => this.answered(reply));
    this.worker.on('error', (error) => this.lost(error));
    this.worker.on('exit', (code) => this.lost(new Error(`the certificate thread exited with code ${code}`)));
  }

  /** Takes new certificates: neither retired nor dead. */
  get accepting(): boolean {
    return !this.retired && !this.dead;
  }

  submit(job: Omit<CertificateJob, 'id'>): Promise<Uint8Array> {
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...job } satisfies CertificateJob);
    });
  }

  /** Resolves once it holds no certificate. */
  drained(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.whenDrained = resolve));
  }

  async terminate(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }

  private answered(reply: CertificateReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.error !== undefined) pending.reject(new Error(`drawing the certificate failed: ${reply.error}`));
    else pending.resolve(new Uint8Array(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
    if (!this.retired && reply.liveHeap > this.options.retireAboveMb * 1024 * 1024) {
      this.retired = true;
      this.onRetire();
    }
    if (this.pending.size === 0) this.whenDrained?.();
  }

  private lost(cause: Error): void {
    this.dead = true;
    const lost = [...this.pending.values()];
    this.pending.clear();
    for (const pending of lost)
      pending.reject(new ThreadLostError(`the certificate thread was lost: ${cause.message}`));
    this.whenDrained?.();
  }
}
