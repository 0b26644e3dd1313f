import { Person, PersonSource } from '../domain/person';
import { personFromRow, PersonRecord } from './person.record';

export const personMapper = {
  /** `full_name` is computed by PostgreSQL (for search); the entity derives its own `name`. */
  toDomain: ({ fullName: _computed, ...r }: PersonRecord): Person =>
    Person.restore({ ...r, source: r.source as PersonSource }),
  /** From a raw row (no entity hydration on the hot reads). */
  fromRow: personFromRow,
  toRecord: (p: Person): PersonRecord => Object.assign(new PersonRecord(), p.toSnapshot()),
};
