import { Person, PersonSource } from '../domain/person';
import type { PersonRow } from './people-list.sql';
import { PersonRecord } from './person.record';

export const personMapper = {
  /** `full_name` is computed by PostgreSQL (for search); the entity derives its own `name`. */
  toDomain: ({ fullName: _computed, ...r }: PersonRecord): Person =>
    Person.restore({ ...r, source: r.source as PersonSource }),
  /** From a raw row (no entity hydration on the hot reads). */
  fromRow: (r: PersonRow): Person =>
    Person.restore({
      id: r.id,
      organizationId: r.organization_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      source: r.source as PersonSource,
      sourceId: r.source_id,
      externalId: r.external_id,
      userName: r.user_name,
      locale: r.locale,
      archivedAt: r.archived_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }),
  toRecord: (p: Person): PersonRecord => Object.assign(new PersonRecord(), p.toSnapshot()),
};
