import { createHash } from 'node:crypto';
import { IllegalTransitionError, newId } from '@lib/core';

export const REVISION_CONTENT_TYPES = ['text/markdown', 'text/plain'] as const;
export type RevisionContentType = (typeof REVISION_CONTENT_TYPES)[number];

/**
 * One version of a document's text. Its SHA-256 is kept so an attestation can prove which text was signed.
 * A revision is published at most once.
 */
export class DocumentRevision {
  constructor(
    readonly id: string,
    readonly organizationId: string,
    readonly documentId: string,
    readonly content: string,
    readonly contentType: RevisionContentType,
    readonly contentSha256: string,
    public publishedAt: Date | null,
    readonly createdAt: Date,
  ) {}

  static draft(input: {
    organizationId: string;
    documentId: string;
    content: string;
    contentType: RevisionContentType;
    now: Date;
  }): DocumentRevision {
    const sha256 = createHash('sha256').update(input.content, 'utf8').digest('hex');
    return new DocumentRevision(
      newId(),
      input.organizationId,
      input.documentId,
      input.content,
      input.contentType,
      sha256,
      null,
      input.now,
    );
  }

  get isPublished(): boolean {
    return this.publishedAt !== null;
  }

  publish(now: Date): void {
    if (this.publishedAt !== null) throw new IllegalTransitionError('A revision is published at most once.');
    this.publishedAt = now;
  }
}
