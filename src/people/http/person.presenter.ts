import { isoTimestamp, isoTimestampOrNull } from '@lib/http';
import type { Person } from '../domain/person';

/** The contract's Person. */
export function presentPerson(person: Person) {
  return {
    id: person.id,
    organization_id: person.organizationId,
    first_name: person.firstName,
    last_name: person.lastName,
    name: person.name,
    email: person.email,
    phone: person.phone,
    source: person.source,
    source_id: person.sourceId,
    external_id: person.externalId,
    user_name: person.userName,
    locale: person.locale,
    archived_at: isoTimestampOrNull(person.archivedAt),
    created_at: isoTimestamp(person.createdAt),
    updated_at: isoTimestamp(person.updatedAt),
  };
}
