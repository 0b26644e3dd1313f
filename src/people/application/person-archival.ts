import { Injectable } from '@nestjs/common';
import { Clock, setArchived } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Person } from '../domain/person';
import { findPerson, PersonReference } from './person-scope';
import { PersonRepository } from './person.repository';

/** Archiving and restoring a person (API and admin CLI): asking for the state they are in changes nothing. */
@Injectable()
export abstract class PersonArchival {
  /** Whether the person ends archived. */
  protected abstract readonly archived: boolean;

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
      if (setArchived(person, this.archived, this.clock.now())) await this.people.save(person);
      return person;
    });
  }
}
