import type { EvidenceDocument, EvidenceRevision, SignatureRecord } from '../domain/attestation-evidence';

/** What the evidence holds beside the request itself. */
export interface RecordsOfRequest {
  organizationName: string;
  /** The person's `locale`, else the organization's `default_locale`. */
  locale: string;
  document: EvidenceDocument;
  revision: EvidenceRevision;
  signature: SignatureRecord | null;
}

/** Reads the organization, document, revision, signature and signer's language of a request, within the request's organization. */
export abstract class EvidenceRecords {
  abstract find(request: {
    id: string;
    organizationId: string;
    documentId: string;
    documentRevisionId: string;
    personId: string;
  }): Promise<RecordsOfRequest>;
}
