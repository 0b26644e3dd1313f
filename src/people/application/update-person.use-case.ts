import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { Person, PersonChanges } from '../domain/person';
import { findPerson, PersonReference } from './person-scope';
import { PersonRepository } from './person.repository';

/**
 * Changes a person's names, email or phone (API and admin CLI) with the rules of a new person: the email stays
 * unique in the organization ignoring case, archived people included (the person's own, in another letter case,
 * is theirs). Requests already issued keep the name and email they were sent to; later ones use the new ones.
 */
@Injectable()
export class UpdatePerson {
  constructor(
    private readonly people: PersonRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: PersonReference & { changes: PersonChanges }): Promise<Person> {
    const person = await findPerson(this.people, input);
    if (person.update(input.changes, this.clock.now())) await this.people.save(person);
    return person;
  }
}
