import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { Person } from '../domain/person';
import { findPerson, PersonReference } from './person-scope';
import { PersonRepository } from './person.repository';

/**
 * Archives a person (API and admin CLI): they leave the default lists and can no longer be added to groups.
 * Memberships, assignments and requests stay as they are. Archiving again changes nothing.
 */
@Injectable()
export class ArchivePerson {
  constructor(
    private readonly people: PersonRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: PersonReference): Promise<Person> {
    const person = await findPerson(this.people, input);
    if (!person.isArchived) {
      person.archive(this.clock.now());
      await this.people.save(person);
    }
    return person;
  }
}
