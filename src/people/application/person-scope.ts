import { findInScope } from '../../identity/application/organization-scope';
import type { Person } from '../domain/person';
import type { PersonRepository } from './person.repository';

/** How the API (within the token's organization) or the admin CLI (by id alone) names a person. */
export interface PersonReference {
  /** Absent only for the admin CLI. */
  organizationId?: string;
  personId: string;
}

export function findPerson(people: PersonRepository, reference: PersonReference): Promise<Person> {
  return findInScope(people, reference.organizationId, reference.personId, 'Person not found.');
}
