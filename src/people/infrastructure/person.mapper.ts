import { Person, PersonSource } from '../domain/person';
import type { PersonRow } from './people-list.sql';
import { PersonRecord } from './person.record';

export const personMapper = {
  toDomain: (r: PersonRecord): Person =>
    new Person(
      r.id,
      r.organizationId,
      r.firstName,
      r.lastName,
      r.email,
      r.phone,
      r.source as PersonSource,
      r.sourceId,
      r.archivedAt,
      r.createdAt,
      r.updatedAt,
    ),
  /** From a raw row (no entity hydration on the hot reads). */
  fromRow: (r: PersonRow): Person =>
    new Person(
      r.id,
      r.organization_id,
      r.first_name,
      r.last_name,
      r.email,
      r.phone,
      r.source as PersonSource,
      r.source_id,
      r.archived_at,
      r.created_at,
      r.updated_at,
    ),
  toRecord: (p: Person): PersonRecord =>
    Object.assign(new PersonRecord(), {
      id: p.id,
      organizationId: p.organizationId,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      phone: p.phone,
      source: p.source,
      sourceId: p.sourceId,
      archivedAt: p.archivedAt,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    }),
};
