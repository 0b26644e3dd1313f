import { AttestationRequest, AttestationRequestProps } from '../domain/attestation-request';
import { AttestationRequestRecord } from './attestation-request.record';

/** The record holds exactly the entity's state; its string columns hold the domain's values (only it writes them). */
export const attestationRequestMapper = {
  toDomain: (r: AttestationRequestRecord): AttestationRequest =>
    AttestationRequest.restore(r as AttestationRequestProps),
  toRecord: (a: AttestationRequest): AttestationRequestRecord =>
    Object.assign(new AttestationRequestRecord(), a.toSnapshot()),
};
