import { NotFoundError } from '@lib/core';
import type { Person } from '../domain/person';
import type { PersonRepository } from './person.repository';

/**
 * Who may name a person: the API names them within the token's organization; the admin CLI, which has no
 * organization, names them by id alone. Either way an unknown person is not found.
 */
export interface PersonReference {
  /** Absent only for the admin CLI. */
  organizationId?: string;
  personId: string;
}

export async function findPerson(people: PersonRepository, reference: PersonReference): Promise<Person> {
  const id = reference.personId.toLowerCase();
  const person =
    reference.organizationId === undefined
      ? await people.findById(id)
      : await people.findInOrganization(reference.organizationId, id);
  if (!person) throw new NotFoundError('Person not found.');
  return person;
}
