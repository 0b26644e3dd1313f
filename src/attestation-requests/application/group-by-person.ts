import type { AttestationRequest } from '../domain/attestation-request';

/** Requests grouped by recipient, in first-seen order: one email per person lists all of theirs. */
export function groupByPerson(requests: readonly AttestationRequest[]): AttestationRequest[][] {
  const groups = new Map<string, AttestationRequest[]>();
  for (const request of requests) {
    const group = groups.get(request.personId);
    if (group) group.push(request);
    else groups.set(request.personId, [request]);
  }
  return [...groups.values()];
}
