import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ActingUser, AuditTrail, changedFields } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Person, PersonChanges } from '../domain/person';
import { findPerson, PersonReference } from './person-scope';
import { PersonRepository } from './person.repository';

/**
 * Changes a person's names, email, phone or language (API, console and admin CLI) with the rules of a new person:
 * the email stays unique in the organization ignoring case, archived people included (the person's own, in another
 * letter case, is theirs). Requests already issued keep the name and email they were sent to; later ones use the
 * new ones. A change by a user is audited as `person.updated`, with the fields asked for.
 */
@Injectable()
export class UpdatePerson {
  constructor(
    private readonly people: PersonRepository,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: PersonReference & { changes: PersonChanges; actor?: ActingUser }): Promise<Person> {
    return this.unitOfWork.run(async () => {
      const person = await findPerson(this.people, input);
      if (person.update(input.changes, this.clock.now())) {
        await this.people.save(person);
        await this.audit.changedBy(input.actor, 'person.updated', {
          person_id: person.id,
          fields: changedFields(input.changes),
        });
      }
      return person;
    });
  }
}
