/** The person a request goes to, as the request needs it. */
export interface RequestRecipient {
  id: string;
  name: string;
  email: string;
  archived: boolean;
}

/** The document a request is for, as the request needs it. */
export interface RequestedDocument {
  id: string;
  name: string;
  requiresSignature: boolean;
  archived: boolean;
  /** The newest published revision; null while nothing is published. */
  latestRevisionId: string | null;
}

/** Reads the people and documents of one organization; another organization's rows are not found. */
export abstract class RequestTargets {
  abstract findRecipient(organizationId: string, personId: string): Promise<RequestRecipient | null>;
  abstract findDocument(organizationId: string, documentId: string): Promise<RequestedDocument | null>;
}
