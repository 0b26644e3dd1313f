import { Injectable } from '@nestjs/common';
import type { Page, PageRequest } from '@lib/http';
import type { Person } from '../domain/person';
import { PeopleFilter, PersonRepository } from './person.repository';

/** A page of an organization's people, oldest first. */
@Injectable()
export class ListPeople {
  constructor(private readonly people: PersonRepository) {}

  execute(input: { organizationId: string; filter: PeopleFilter; page: PageRequest }): Promise<Page<Person>> {
    return this.people.page(input.organizationId, input.filter, input.page);
  }
}
