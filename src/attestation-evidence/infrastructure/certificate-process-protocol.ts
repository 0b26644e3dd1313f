import type { SealKey } from '../../config/seal-key';
import type { CertificateContent } from './certificate-content';
import type { TimestampAuthoritySetup } from './certificate-timestamps';
import type { TimestampOutcome } from './timestamp-authority';

/** A certificate to draw, as sent to the rendering process. */
export interface CertificateJob {
  id: number;
  content: CertificateContent;
  generatedAt: Date;
  /** Whether its seal asks the time-stamping authority (see `CertificateTimestamps`). */
  timestamped: boolean;
}

/**
 * The answer to a job: the PDF and what came of its timestamp, or the drawing's error; and the heap the process
 * keeps (bytes): in use after its latest full collection (before the first, all of the used heap).
 */
export type CertificateReply =
  | { id: number; pdf: Uint8Array; timestamp: TimestampOutcome; liveHeap: number; error?: undefined }
  | { id: number; error: string; liveHeap: number; pdf?: undefined };

/** Sent once, first: the key the process seals every certificate with, and the time-stamping authority if any. */
export interface SealSetup {
  seal: SealKey;
  authority?: TimestampAuthoritySetup;
}
