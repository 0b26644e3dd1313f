import { NotFoundError } from '@lib/core';
import type { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { hashAttestationToken } from '../../attestation-requests/domain/attestation-link';
import type { AttestationRequest } from '../../attestation-requests/domain/attestation-request';
import { isWellFormedPageToken, PageState } from '../domain/page-state';
import type { SigningLinks } from './signing-links';

/**
 * How a page names its request: the secret token of the email's link, or the session a signing URL opened in
 * this browser (its link's id, the session cookie already checked at the edge).
 */
export type PageKey = { token: string } | { sessionOf: string };

/** The request a page opens, locked until the transaction ends; NotFoundError for any other key. */
export async function lockRequestOfPage(
  requests: AttestationRequestRepository,
  links: SigningLinks,
  key: PageKey,
  now: Date,
): Promise<AttestationRequest> {
  if ('sessionOf' in key) {
    const link = await links.findAcrossOrganizations(key.sessionOf);
    const request =
      link && link.sessionIsOpen(now) ? await requests.lockAcrossOrganizations(link.attestationRequestId) : null;
    if (!request) throw new NotFoundError('This signing session has ended.');
    return request;
  }
  const request = isWellFormedPageToken(key.token)
    ? await requests.lockByAccessTokenHash(hashAttestationToken(key.token))
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
