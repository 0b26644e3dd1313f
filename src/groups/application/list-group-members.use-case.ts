import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import type { Page, PageRequest } from '@lib/http';
import { PersonRepository } from '../../people/application/person.repository';
import type { Person } from '../../people/domain/person';

/**
 * A page of a group's members (archived people included), in the order they joined, then by id. The page's read
 * checks the group is the organization's: no lookup of the group before it.
 */
@Injectable()
export class ListGroupMembers {
  constructor(private readonly people: PersonRepository) {}

  async execute(input: { organizationId: string; groupId: string; page: PageRequest }): Promise<Page<Person>> {
    const page = await this.people.memberPage(input.organizationId, input.groupId.toLowerCase(), input.page);
    if (!page) throw new NotFoundError('Group not found.');
    return page;
  }
}
