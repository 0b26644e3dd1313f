export const ATTESTATION_REQUEST_STATUSES = [
  'created',
  'sent',
  'viewed',
  'attested',
  'canceled',
  'expired',
  'bounced',
  'failed',
  'complained',
] as const;
export type AttestationRequestStatus = (typeof ATTESTATION_REQUEST_STATUSES)[number];

/** A problem with the latest email to a pending request. */
export const DELIVERY_PROBLEMS = ['bounced', 'failed', 'complained'] as const;
export type DeliveryProblem = (typeof DELIVERY_PROBLEMS)[number];

/** Still waiting for the recipient; at most one open request per person and document (a unique index). */
export const OPEN_STATUSES: readonly AttestationRequestStatus[] = ['created', 'sent', 'viewed', ...DELIVERY_PROBLEMS];

/**
 * The allowed moves. The contract's diagram, plus edges it does not draw: a request with a delivery problem
 * can be canceled. Such a request is still open, and "an older open request becomes canceled" when a new one
 * is sent; without this edge a person whose email once bounced could never be sent that document again. And
 * every open request can be canceled (docs/api-resources.md#attestation-requests), `created` included.
 */
const TRANSITIONS: Record<AttestationRequestStatus, readonly AttestationRequestStatus[]> = {
  created: ['sent', 'canceled'],
  sent: ['viewed', 'canceled', 'expired', ...DELIVERY_PROBLEMS],
  viewed: ['attested', 'canceled', 'expired', ...DELIVERY_PROBLEMS],
  bounced: ['sent', 'canceled'],
  failed: ['sent', 'canceled'],
  complained: ['sent', 'canceled'],
  attested: [],
  canceled: [],
  expired: [],
};

export function canTransition(from: AttestationRequestStatus, to: AttestationRequestStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isOpenStatus(status: AttestationRequestStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

/** Every status the domain allows a move to `to` from; sweeps select by it so they never pick a refused move. */
export function statusesMovableTo(to: AttestationRequestStatus): AttestationRequestStatus[] {
  return ATTESTATION_REQUEST_STATUSES.filter((from) => canTransition(from, to));
}
