import { NotFoundError } from '@lib/core';
import type { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { hashAttestationToken } from '../../attestation-requests/domain/attestation-link';
import type { AttestationRequest } from '../../attestation-requests/domain/attestation-request';
import { isWellFormedPageToken, PageState } from '../domain/page-state';

/** The request a page token opens, locked until the transaction ends; NotFoundError for any other token. */
export async function lockRequestOfPage(
  requests: AttestationRequestRepository,
  token: string,
): Promise<AttestationRequest> {
  const request = isWellFormedPageToken(token)
    ? await requests.lockByAccessTokenHash(hashAttestationToken(token))
    : null;
  if (!request) throw new NotFoundError('This link is not valid.');
  return request;
}

/** A page found past its expiry is the expiry sweep arriving early: the request becomes `expired` now. */
export async function expireIfOverdue(
  requests: AttestationRequestRepository,
  request: AttestationRequest,
  state: PageState,
  now: Date,
): Promise<void> {
  if (state === 'expired' && request.canMoveTo('expired')) {
    request.expire(now);
    await requests.save(request);
  }
}
