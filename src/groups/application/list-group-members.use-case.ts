import { Injectable } from '@nestjs/common';
import type { Page, PageRequest } from '@lib/http';
import { PersonRepository } from '../../people/application/person.repository';
import type { Person } from '../../people/domain/person';
import { findGroup } from './group-scope';
import { GroupRepository } from './group.repository';

/** A page of a group's members (archived people included), in the order they joined, then by id. */
@Injectable()
export class ListGroupMembers {
  constructor(
    private readonly groups: GroupRepository,
    private readonly people: PersonRepository,
  ) {}

  async execute(input: { organizationId: string; groupId: string; page: PageRequest }): Promise<Page<Person>> {
    const group = await findGroup(this.groups, input);
    return this.people.memberPage(group.organizationId, group.id, input.page);
  }
}
