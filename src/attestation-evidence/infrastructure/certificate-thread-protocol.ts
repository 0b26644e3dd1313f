import type { CertificateContent } from './certificate-content';

/** A certificate to draw, as posted to the rendering thread. */
export interface CertificateJob {
  id: number;
  content: CertificateContent;
  generatedAt: Date;
}

/** The answer to a job: the PDF or the drawing's error, and the thread's used heap afterwards (bytes). */
export type CertificateReply =
  | { id: number; pdf: Uint8Array; heapUsed: number; error?: undefined }
  | { id: number; error: string; heapUsed: number; pdf?: undefined };
