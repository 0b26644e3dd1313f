import type { SealKey } from '../../config/seal-key';
import type { CertificateContent } from './certificate-content';

/** A certificate to draw, as sent to the rendering process. */
export interface CertificateJob {
  id: number;
  content: CertificateContent;
  generatedAt: Date;
}

/**
 * The answer to a job: the PDF or the drawing's error, and the heap the process keeps (bytes): in use after its
 * latest full collection (before the first, all of the used heap).
 */
export type CertificateReply =
  | { id: number; pdf: Uint8Array; liveHeap: number; error?: undefined }
  | { id: number; error: string; liveHeap: number; pdf?: undefined };

/** Sent once, first: the key the process seals every certificate with. */
export interface SealSetup {
  seal: SealKey;
}
