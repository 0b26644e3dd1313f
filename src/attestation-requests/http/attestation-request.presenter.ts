import { requestSnapshot } from '../application/request-snapshot';

/**
 * The contract's Attestation request: the request's snapshot, the same its events carry (the page token's hash and
 * the reminder count stay inside).
 */
export const presentAttestationRequest = requestSnapshot.of;
