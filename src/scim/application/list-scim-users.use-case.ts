import { Injectable } from '@nestjs/common';
import type { Person } from '../../people/domain/person';
import { ScimError } from '../domain/scim-error';
import { Listed, ScimDirectory, Window } from './scim-directory';
import { parseFilter, userCriteria } from './scim-filter';

/** GET /Users, filtered or not; no match is an empty list, never 404. */
@Injectable()
export class ListScimUsers {
  constructor(private readonly directory: ScimDirectory) {}

  execute(input: { organizationId: string; filter: string | null; window: Window }): Promise<Listed<Person>> {
    const criteria = input.filter === null ? {} : userCriteria(parseFilter(input.filter));
    if (criteria.impossible) return Promise.resolve({ total: 0, items: [] });
    return this.directory.findUsers(input.organizationId, criteria, input.window);
  }
}

/** GET /Users/{id}: a provisioned person of the organization. */
@Injectable()
export class ShowScimUser {
  constructor(private readonly directory: ScimDirectory) {}

  async execute(input: { organizationId: string; personId: string }): Promise<Person> {
    const person = await this.directory.findUser(input.organizationId, input.personId);
    if (!person) throw ScimError.notFound();
    return person;
  }
}
