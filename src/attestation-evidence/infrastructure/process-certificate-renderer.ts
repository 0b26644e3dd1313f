import { ChildProcess, fork } from 'node:child_process';
import { extname, join } from 'node:path';
import { Inject, Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import type { SealKey } from '../../config/seal-key';
import { CertificateRenderer } from '../application/certificate-renderer';
import type { AttestationEvidence } from '../domain/attestation-evidence';
import { certificateContentOf } from './certificate-content';
import type { CertificateJob, CertificateReply, SealSetup } from './certificate-process-protocol';
import { CertificateTimestamps, type TimestampAuthoritySetup } from './certificate-timestamps';
import { InstallationSeal } from './installation-seal';
import type { TimestampOutcome } from './timestamp-authority';

/** The limits of the rendering process (see `ProcessCertificateRenderer`). */
export interface CertificateProcessOptions {
  /** V8's old generation, in MB: the parsed fonts (about 45 MB with every face) and what they cache. */
  maxOldGenerationSizeMb: number;
  /**
   * V8's semi-space, in MB (the young generation is three of them): the garbage of the certificates being drawn
   * (about 4 MB each). Small, so that garbage is collected young instead of growing the heap.
   */
  maxSemiSpaceSizeMb: number;
  /**
   * A process that keeps more than this (MB; its heap in use after its latest full collection) is replaced by a
   * fresh one. Not the used heap at any moment, which holds the garbage of the last certificates too: a threshold
   * on it could replace a process for nothing, and a replacement costs a start and a second parse of the fonts.
   */
  retireAboveMb: number;
  /** A process that has drawn nothing for this long (ms) ends, giving all its memory back; the next starts anew. */
  idleMs: number;
}

export const CERTIFICATE_PROCESS_OPTIONS = Symbol('CERTIFICATE_PROCESS_OPTIONS');

const DEFAULTS: CertificateProcessOptions = {
  maxOldGenerationSizeMb: 128,
  maxSemiSpaceSizeMb: 8,
  retireAboveMb: 96,
  idleMs: 60_000,
};

/** The process died (a crash, or out of memory despite the limits) with the certificate in it. */
class ProcessLostError extends Error {}

/**
 * Draws certificates in a child process of the API, forked on the first certificate and reused: the API's event
 * loop is not blocked while pdfkit works (about 10 ms a certificate, more for CJK), and none of pdfkit's memory is
 * the API's. The parsed fonts and the garbage of each certificate (about 4 MB: font subsets, PDF serialisation)
 * cost some 120 MB of resident memory; in a thread of the API they stayed in the API's resident memory for good
 * after the first certificate (the allocator does not give back what a finished thread used, and V8's process-wide
 * flags overrode the thread's heap limits), and in the API's own heap V8 let the garbage grow the heap by more than
 * 100 MB over 1,000 certificates. A process gives everything back when it ends, which it does after `idleMs`
 * without a certificate.
 *
 * fontkit keeps every glyph it has decoded (about 10 KB each: a CJK font has 17,000 to 31,000), so a process that
 * drew many different names grows: once the heap it keeps (in use after a full collection) passes `retireAboveMb`,
 * the next certificates go to a fresh process and the old one ends once it has answered. A process that dies (a
 * crash, or out of memory) fails none of its certificates: each is drawn once more in a fresh process. One
 * process, not a pool: two would each parse the fonts, and the machine the API runs on has few cores.
 */
@Injectable()
export class ProcessCertificateRenderer extends CertificateRenderer implements OnModuleDestroy {
  private readonly options: CertificateProcessOptions;
  private current: RenderingProcess | null = null;
  private readonly retiring = new Set<RenderingProcess>();
  private closed = false;

  /**
   * The seal and the timestamps' policy are required where Nest builds it (a module that provides the renderer
   * without them fails at boot, never draws unsealed certificates); tests of the process itself construct it
   * without them.
   */
  constructor(
    @Optional() @Inject(CERTIFICATE_PROCESS_OPTIONS) options?: Partial<CertificateProcessOptions>,
    private readonly seal?: InstallationSeal,
    private readonly timestamps?: CertificateTimestamps,
  ) {
    super();
    this.options = { ...DEFAULTS, ...options };
  }

  render(evidence: AttestationEvidence, generatedAt: Date): Promise<Uint8Array> {
    const timestamped = this.seal !== undefined && (this.timestamps?.ask() ?? false);
    return this.draw({ content: certificateContentOf(evidence), generatedAt, timestamped }, false);
  }

  /** Processes started so far (for tests: a retired, idle or lost process is replaced by a new one). */
  get processesStarted(): number {
    return RenderingProcess.started;
  }

  /** The current process's id, if one runs (for tests and the bench's memory reading). */
  get pid(): number | undefined {
    return this.current?.pid;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const processes = [...this.retiring, ...(this.current ? [this.current] : [])];
    this.current = null;
    await Promise.all(processes.map((rendering) => rendering.end()));
  }

  private async draw(job: Omit<CertificateJob, 'id'>, retried: boolean): Promise<Uint8Array> {
    const rendering = this.accepting();
    try {
      const { pdf, timestamp } = await rendering.submit(job);
      if (this.seal) this.timestamps?.record(timestamp);
      return pdf;
    } catch (error) {
      // Not once the module is closing: the process was ended on purpose.
      if (error instanceof ProcessLostError && !retried && !this.closed) return this.draw(job, true);
      throw error;
    }
  }

  private accepting(): RenderingProcess {
    if (!this.current || !this.current.accepting) {
      const rendering = new RenderingProcess(this.options, this.seal?.key, this.timestamps?.setup, () => {
        // Retired (too large, or idle): it finishes the certificates it holds, then ends.
        if (this.current === rendering) this.current = null;
        this.retiring.add(rendering);
        void rendering.drained().then(async () => {
          await rendering.end();
          this.retiring.delete(rendering);
        });
      });
      this.current = rendering;
    }
    return this.current;
  }
}

interface Drawn {
  pdf: Uint8Array;
  timestamp: TimestampOutcome;
}

interface Pending {
  resolve(drawn: Drawn): void;
  reject(error: Error): void;
}

/** One rendering process and the certificates it holds. */
class RenderingProcess {
  static started = 0;
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private readonly exited: Promise<void>;
  private nextId = 1;
  private retired = false;
  private dead = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private whenDrained: (() => void) | null = null;

  constructor(
    private readonly options: CertificateProcessOptions,
    seal: SealKey | undefined,
    authority: TimestampAuthoritySetup | undefined,
    private readonly onRetire: () => void,
  ) {
    RenderingProcess.started++;
    // Compiled, the entry is a .js file beside this one; under ts-jest it is the .ts source, which ts-node compiles.
    const entry = join(__dirname, `certificate-process${extname(__filename)}`);
    this.child = fork(entry, [], {
      // Not the API's own flags: `-r` preloads (the bench's SQL recorder) must not run twice.
      execArgv: [
        `--max-old-space-size=${options.maxOldGenerationSizeMb}`,
        `--max-semi-space-size=${options.maxSemiSpaceSizeMb}`,
        // The source imports the kernel by its `@lib/*` alias, which the build rewrites and tsconfig-paths maps.
        ...(entry.endsWith('.ts')
          ? ['--require', 'ts-node/register/transpile-only', '--require', 'tsconfig-paths/register']
          : []),
      ],
      // Dates and the PDF's bytes as they are (structured clone), not through JSON.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.unref();
    this.child.on('message', (reply: CertificateReply) => this.answered(reply));
    // The key once, before any job (the channel keeps the order); never in the process's arguments or environment.
    if (seal) this.child.send({ seal, authority } satisfies SealSetup, (error) => error && this.lost(error));
    this.child.on('error', (error) => this.lost(error));
    this.child.on('exit', (code, signal) =>
      this.lost(new Error(`the certificate process exited with ${signal ?? `code ${code}`}`)),
    );
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Takes new certificates: neither retired nor dead. */
  get accepting(): boolean {
    return !this.retired && !this.dead;
  }

  submit(job: Omit<CertificateJob, 'id'>): Promise<Drawn> {
    const id = this.nextId++;
    this.stopIdleTimer();
    // Waiting for an answer keeps the API's event loop alive; an idle process does not.
    this.ref();
    return new Promise<Drawn>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, ...job } satisfies CertificateJob, (error) => {
        if (error) this.lost(error);
      });
    });
  }

  /** Resolves once it holds no certificate. */
  drained(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.whenDrained = resolve));
  }

  /** Lets the process go (it exits when its channel closes) and waits for it; killed if it does not. */
  async end(): Promise<void> {
    this.dead = true;
    this.stopIdleTimer();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    if (this.child.connected) this.child.disconnect();
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await this.exited;
    clearTimeout(killer);
  }

  private answered(reply: CertificateReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.error !== undefined) pending.reject(new Error(`drawing the certificate failed: ${reply.error}`));
    else pending.resolve({ pdf: reply.pdf, timestamp: reply.timestamp });
    if (!this.retired && reply.liveHeap > this.options.retireAboveMb * 1024 * 1024) this.retire();
    if (this.pending.size === 0) {
      this.unref();
      this.whenDrained?.();
      if (!this.retired) this.startIdleTimer();
    }
  }

  private retire(): void {
    if (this.retired || this.dead) return;
    this.retired = true;
    this.stopIdleTimer();
    this.onRetire();
  }

  private startIdleTimer(): void {
    this.idleTimer = setTimeout(() => this.retire(), this.options.idleMs);
    this.idleTimer.unref();
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private ref(): void {
    this.child.ref();
    (this.child.channel as { ref?: () => void } | undefined)?.ref?.();
  }

  private unref(): void {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  private lost(cause: Error): void {
    this.dead = true;
    this.stopIdleTimer();
    const lost = [...this.pending.values()];
    this.pending.clear();
    for (const pending of lost)
      pending.reject(new ProcessLostError(`the certificate process was lost: ${cause.message}`));
    this.whenDrained?.();
  }
}
