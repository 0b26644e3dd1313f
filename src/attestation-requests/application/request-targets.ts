import type { RequestedDocument, RequestRecipient } from '../domain/request-targets';

/** Reads the people and documents of one organization; another organization's rows are not found. */
export abstract class RequestTargets {
  abstract findRecipient(organizationId: string, personId: string): Promise<RequestRecipient | null>;
  abstract findDocument(organizationId: string, documentId: string): Promise<RequestedDocument | null>;
}
