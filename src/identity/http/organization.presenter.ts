import { isoTimestamp } from '@lib/http';
import type { Organization } from '../domain/organization';

/** The Organization of GET and PATCH /organization. */
export function presentOrganization(organization: Organization) {
  return {
    id: organization.id,
    name: organization.name,
    default_locale: organization.defaultLocale,
    created_at: isoTimestamp(organization.createdAt),
    updated_at: isoTimestamp(organization.updatedAt),
  };
}
