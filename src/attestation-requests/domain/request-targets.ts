import { InvalidRequestError, ValidationFailedError } from '@lib/core';

/** The person a request goes to, as the request needs it. */
export interface RequestRecipient {
  id: string;
  name: string;
  email: string;
  archived: boolean;
}

/** The document a request is for, as the request needs it, with the rules for sending it. */
export class RequestedDocument {
  constructor(
    readonly id: string,
    readonly name: string,
    readonly requiresSignature: boolean,
    readonly archived: boolean,
    /** The newest published revision; null while nothing is published. */
    readonly latestRevisionId: string | null,
  ) {}

  /** Whether a new request may be issued for it (the renewal pass skips the others silently). */
  get isRequestable(): boolean {
    return !this.archived && this.requiresSignature && this.latestRevisionId !== null;
  }

  /**
   * Refuses a new request in the contract's order, once neither party is archived (see assertNotArchived):
   * 400 when nothing is published, 422 when the document needs no signature. Answers the revision to request.
   */
  assertRequestable(): string {
    if (this.latestRevisionId === null) throw new InvalidRequestError('The document has no published revision.');
    if (!this.requiresSignature) {
      throw ValidationFailedError.single('document_id', 'The document does not require a signature.');
    }
    return this.latestRevisionId;
  }
}

/** 422 naming each archived party: the person, the document, or both at once. */
export function assertNotArchived(recipient: RequestRecipient, document: RequestedDocument): void {
  const archived: Record<string, string[]> = {};
  if (recipient.archived) archived.person_id = ['The selected person id is invalid.'];
  if (document.archived) archived.document_id = ['The selected document id is invalid.'];
  if (Object.keys(archived).length > 0) throw new ValidationFailedError(archived);
}
