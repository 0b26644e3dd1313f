import { Injectable } from '@nestjs/common';
import { findInScope } from '../../identity/application/organization-scope';
import type { Person } from '../domain/person';
import { PersonRepository } from './person.repository';

/** One person of the organization, archived or not; another organization's person is not found. */
@Injectable()
export class ShowPerson {
  constructor(private readonly people: PersonRepository) {}

  execute(input: { organizationId: string; personId: string }): Promise<Person> {
    return findInScope(this.people, input.organizationId, input.personId, 'Not found.');
  }
}
