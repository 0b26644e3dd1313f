import { Injectable } from '@nestjs/common';
import { Clock, setArchived } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Person } from '../domain/person';
import { findPerson, PersonReference } from './person-scope';
import { PersonRepository } from './person.repository';

/**
 * Archiving and restoring a person (API, console and admin CLI): asking for the state they are in changes nothing.
 * A change by a user is audited as `person.archived` or `person.restored`.
 */
@Injectable()
export abstract class PersonArchival {
  /** Whether the person ends archived. */
  protected abstract readonly archived: boolean;

  constructor(
    private readonly people: PersonRepository,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: PersonReference & { actor?: ActingUser }): Promise<Person> {
    // In a unit of work so that a deadlock with a concurrent group add or publish (the counters' triggers lock
    // people and documents) is retried instead of answered as an error.
    return this.unitOfWork.run(async () => {
      const person = await findPerson(this.people, input);
      if (setArchived(person, this.archived, this.clock.now())) {
        await this.people.save(person);
        await this.audit.changedBy(input.actor, this.archived ? 'person.archived' : 'person.restored', {
          person_id: person.id,
        });
      }
      return person;
    });
  }
}
