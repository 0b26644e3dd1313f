import { createHash } from 'node:crypto';
import { IllegalTransitionError, newId, ValidationFailedError } from '@lib/core';

export const REVISION_CONTENT_TYPES = ['text/markdown', 'text/plain'] as const;
export type RevisionContentType = (typeof REVISION_CONTENT_TYPES)[number];

/** The API's names for the content types. */
export const REVISION_FORMATS = { markdown: 'text/markdown', text: 'text/plain' } as const;
export type RevisionFormat = keyof typeof REVISION_FORMATS;

/** Longer than any policy document; bounds what one request must hold in memory. */
export const REVISION_CONTENT_MAX_LENGTH = 500_000;

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
    if ([...input.content].length > REVISION_CONTENT_MAX_LENGTH) {
      throw ValidationFailedError.single(
        'content',
        `The content field must not be greater than ${REVISION_CONTENT_MAX_LENGTH} characters.`,
      );
    }
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
