import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import type { Person } from '../domain/person';
import { PersonRepository } from './person.repository';

/** One person of the organization, archived or not; another organization's person is not found. */
@Injectable()
export class ShowPerson {
  constructor(private readonly people: PersonRepository) {}

  async execute(input: { organizationId: string; personId: string }): Promise<Person> {
    const person = await this.people.findInOrganization(input.organizationId, input.personId.toLowerCase());
    if (!person) throw new NotFoundError();
    return person;
  }
}
