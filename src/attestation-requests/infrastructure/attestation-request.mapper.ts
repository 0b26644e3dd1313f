import { AttestationRequest, AttestationType, RequestSource } from '../domain/attestation-request';
import type { AttestationRequestStatus } from '../domain/attestation-request-status';
import { AttestationRequestRecord } from './attestation-request.record';

/** The record holds exactly the entity's state; only the string columns are narrowed to the domain's unions. */
export const attestationRequestMapper = {
  toDomain: (r: AttestationRequestRecord): AttestationRequest =>
    AttestationRequest.restore({
      ...r,
      requestedAttestationType: r.requestedAttestationType as AttestationType,
      source: r.source as RequestSource,
      status: r.status as AttestationRequestStatus,
    }),
  toRecord: (a: AttestationRequest): AttestationRequestRecord =>
    Object.assign(new AttestationRequestRecord(), a.toSnapshot()),
};
