import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import { Person } from '../domain/person';
import { personSnapshot } from './person-snapshot';
import { PersonRepository } from './person.repository';

export interface CreatePersonInput {
  organizationId: string;
  firstName?: string | null;
  lastName: string;
  email: string;
  phone?: string | null;
  /** Set only by provisioning (SCIM): the directory's id and login for the person. */
  externalId?: string | null;
  userName?: string | null;
  locale?: string | null;
  /** Who adds them (API, console), for the audit log; none for SCIM, the admin CLI and seeds. */
  actor?: ActingUser;
}

/**
 * Adds a person through the API, the console or SCIM (source `oauth`); sends nothing. The email (and the
 * directory's user name and external id, when given) must be new to the organization. Records `person.created`
 * (and audits it when a user adds them).
 */
@Injectable()
export class CreatePerson {
  constructor(
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
    private readonly people: PersonRepository,
    private readonly audit: AuditTrail,
    private readonly events: ResourceEvents,
  ) {}

  async execute(input: CreatePersonInput): Promise<Person> {
    const { actor, ...fields } = input;
    const person = Person.create({ ...fields, source: 'oauth', sourceId: null, now: this.clock.now() });
    await this.unitOfWork.run(async () => {
      await this.people.add(person);
      await this.audit.changedBy(actor, 'person.created', { person_id: person.id });
      await this.events.record(person.organizationId, 'person.created', personSnapshot.of(person));
    });
    return person;
  }
}
