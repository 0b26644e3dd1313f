import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { Person } from '../domain/person';
import { findPerson, PersonReference } from './person-scope';
import { UnitOfWork } from '../../database/unit-of-work';
import { PersonRepository } from './person.repository';

/**
 * Brings an archived person back (API and admin CLI): they are listed again and can be added to groups. Their
 * memberships, assignments and requests are those they had. Restoring an active person changes nothing.
 */
@Injectable()
export class RestorePerson {
  constructor(
    private readonly people: PersonRepository,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(input: PersonReference): Promise<Person> {
    // In a unit of work so that a deadlock with a concurrent group add or publish (the counters' triggers lock
    // people and documents) is retried instead of answered as an error.
    return this.unitOfWork.run(async () => {
      const person = await findPerson(this.people, input);
      if (person.isArchived) {
        person.restore(this.clock.now());
        await this.people.save(person);
      }
      return person;
    });
  }
}
