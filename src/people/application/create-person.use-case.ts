import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { Person } from '../domain/person';
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
}

/**
 * Adds a person through the API or SCIM (source `oauth`); sends nothing. The email (and the directory's user name and
 * external id, when given) must be new to the organization.
 */
@Injectable()
export class CreatePerson {
  constructor(
    private readonly people: PersonRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreatePersonInput): Promise<Person> {
    const person = Person.create({ ...input, source: 'oauth', sourceId: null, now: this.clock.now() });
    await this.people.add(person);
    return person;
  }
}
