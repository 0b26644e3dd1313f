import { Injectable } from '@nestjs/common';
import type { Person } from '../domain/person';
import { PeopleFilter, PersonRepository } from './person.repository';

/** GET /people?id=: the one person with that id, if the other filters also let them through; else nobody. */
@Injectable()
export class FindPersonById {
  constructor(private readonly people: PersonRepository) {}

  async execute(input: { organizationId: string; id: string; filter: PeopleFilter }): Promise<Person[]> {
    const person = await this.people.findMatching(input.organizationId, input.id.toLowerCase(), input.filter);
    return person ? [person] : [];
  }
}
