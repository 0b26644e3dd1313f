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
  locale?: string | null;
}

/** Adds a person through the API (source `oauth`); sends nothing. The email must be new to the organization. */
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
