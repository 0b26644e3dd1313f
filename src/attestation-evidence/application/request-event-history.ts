import type { EvidenceEvent } from '../domain/attestation-evidence';

/** A request's events from the event log, oldest first, as `GET /attestation-requests/{id}/events` lists them. */
export abstract class RequestEventHistory {
  abstract of(organizationId: string, attestationRequestId: string): Promise<EvidenceEvent[]>;
}
