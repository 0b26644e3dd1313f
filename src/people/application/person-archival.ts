import { Injectable } from '@nestjs/common';
import { Clock, setArchived } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import type { Person } from '../domain/person';
import { findPerson, PersonReference } from './person-scope';
import { personSnapshot } from './person-snapshot';
import { PersonRepository } from './person.repository';

/**
 * Archiving and restoring a person (API, console and admin CLI): asking for the state they are in changes nothing.
 * A change records `person.archived` or `person.restored` (and is audited when a user made it).
 */
@Injectable()
export abstract class PersonArchival {
  /** Whether the person ends archived. */
  protected abstract readonly archived: boolean;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly people: PersonRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    private readonly events: ResourceEvents,
  ) {}

  async execute(input: PersonReference & { actor?: ActingUser }): Promise<Person> {
    // In a unit of work so that a deadlock with a concurrent group add or publish (the counters' triggers lock
    // people and documents) is retried instead of answered as an error.
    return this.unitOfWork.run(async () => {
      const person = await findPerson(this.people, input);
      if (setArchived(person, this.archived, this.clock.now())) {
        await this.people.save(person);
        const type = this.archived ? 'person.archived' : 'person.restored';
        await this.audit.changedBy(input.actor, type, { person_id: person.id });
        await this.events.record(person.organizationId, type, personSnapshot.of(person));
      }
      return person;
    });
  }
}
