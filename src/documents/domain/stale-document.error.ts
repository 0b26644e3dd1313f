import { DomainError } from '@lib/core';

/**
 * A change made from a form shown before the document last changed (its settings, its archival or its latest
 * revision): answered 409 rather than overwriting what someone else did meanwhile.
 */
export class StaleDocumentError extends DomainError {
  readonly code = 'conflict' as const;
  constructor() {
    super('The document changed since this form was shown: reload the page and try again.');
  }
}

/** Throws unless the document's `updatedAt` is the one the form was made from (no expectation: no check). */
export function checkNotStale(updatedAt: Date, expected: Date | undefined): void {
  if (expected !== undefined && updatedAt.getTime() !== expected.getTime()) throw new StaleDocumentError();
}
