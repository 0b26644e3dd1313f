import { SetMetadata } from '@nestjs/common';

/**
 * How a route may be reached, declared once on the route and read by the global guards:
 * - `full` (the default): owner and administrator tokens;
 * - `any_role`: every valid token, group managers included (only `GET /me`);
 * - `public`: no token, no rate limit, no billing check (health, API description, the attestation page).
 */
export type AccessPolicy = 'full' | 'any_role' | 'public';
export const ACCESS_POLICY = 'access_policy';

export const Access = (policy: AccessPolicy) => SetMetadata(ACCESS_POLICY, policy);
