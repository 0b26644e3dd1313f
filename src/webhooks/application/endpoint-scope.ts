import { findInScope } from '../../identity/application/organization-scope';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';

/**
 * The endpoint an id names, within the organization (without one, the admin CLI's, in any): an unknown one, or
 * another organization's, is not found.
 */
export function findEndpoint(
  endpoints: WebhookEndpointRepository,
  organizationId: string | null,
  endpointId: string,
): Promise<WebhookEndpoint> {
  return findInScope(endpoints, organizationId ?? undefined, endpointId, 'Not found.');
}
