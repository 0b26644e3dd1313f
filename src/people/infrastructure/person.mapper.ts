import { Person, PersonSource } from '../domain/person';
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
