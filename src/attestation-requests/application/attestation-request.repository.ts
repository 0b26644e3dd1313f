import type { AttestationRequest } from '../domain/attestation-request';

/** Requests of every organization; callers with a tenant pass its id and never see another one's rows. */
export abstract class AttestationRequestRepository {
  abstract findById(id: string): Promise<AttestationRequest | null>;
  abstract findByIds(ids: readonly string[]): Promise<AttestationRequest[]>;
  /**
   * The open request of a person for a document. Until the transaction ends, no other caller of this method
   * gets past it for the same person and document, whether or not such a request exists.
   */
  abstract lockOpenRequest(documentId: string, personId: string): Promise<AttestationRequest | null>;
  abstract add(request: AttestationRequest): Promise<void>;
  /**
   * Adds the requests in one statement, skipping any whose person already has an open request for the document
   * (a concurrent issuer got there first); answers the ones added.
   */
  abstract addUnlessOpen(requests: readonly AttestationRequest[]): Promise<AttestationRequest[]>;
  abstract save(request: AttestationRequest): Promise<void>;
}
