import { NotFoundError } from '@lib/core';
import type { AttestationRequest } from '../domain/attestation-request';
import type { AttestationRequestRepository } from './attestation-request.repository';

/** Who names a request: the API within the token's organization; the operator (the admin CLI) by id alone. */
export interface RequestReference {
  /** The organization acting; null only for the operator, who acts across organizations. */
  organizationId: string | null;
  requestId: string;
}

/**
 * The request named, read (`find`) or locked until the transaction ends (`lock`). The API answers every unknown
 * request alike (a malformed id, another organization's); the operator is told what was not found.
 */
export async function requestNamed(
  requests: AttestationRequestRepository,
  reference: RequestReference,
  access: 'find' | 'lock' = 'find',
): Promise<AttestationRequest> {
  const id = reference.requestId.toLowerCase();
  const { organizationId } = reference;
  const request =
    organizationId === null
      ? await (access === 'lock' ? requests.lockAcrossOrganizations(id) : requests.findAcrossOrganizations(id))
      : await (access === 'lock'
          ? requests.lockInOrganization(organizationId, id)
          : requests.findInOrganization(organizationId, id));
  if (!request) throw new NotFoundError(organizationId === null ? 'Attestation request not found.' : undefined);
  return request;
}
