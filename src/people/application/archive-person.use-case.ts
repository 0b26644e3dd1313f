import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import type { Person } from '../domain/person';
import { PersonRepository } from './person.repository';

/** Archives a person (admin CLI): they leave the default lists and can no longer be added to groups. */
@Injectable()
export class ArchivePerson {
  constructor(
    private readonly people: PersonRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { personId: string }): Promise<Person> {
    const person = await this.people.findById(input.personId.toLowerCase());
    if (!person) throw new NotFoundError('Person not found.');
    if (!person.isArchived) {
      person.archive(this.clock.now());
      await this.people.save(person);
    }
    return person;
  }
}
