import type { Page, PageRequest } from '@lib/http';
import type { AttestationRequest, RequestSource } from '../domain/attestation-request';
import type { AttestationRequestStatus } from '../domain/attestation-request-status';

/** What GET /attestation-requests filters by; every filter given must hold (AND). */
export interface AttestationRequestsFilter {
  personId?: string;
  documentId?: string;
  /** Any of these statuses. */
  statuses?: readonly AttestationRequestStatus[];
  /** Any of these sources. */
  sources?: readonly RequestSource[];
  /** `updated_at >= updatedSince`, a whole millisecond (the precision the API shows). */
  updatedSince?: Date;
}

/** The read side of attestation requests: one organization's, as integrators list and show them. */
export abstract class AttestationRequestListing {
  /** One page ordered by created_at then id. */
  abstract page(
    organizationId: string,
    filter: AttestationRequestsFilter,
    request: PageRequest,
  ): Promise<Page<AttestationRequest>>;
}
