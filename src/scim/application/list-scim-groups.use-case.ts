import { Injectable } from '@nestjs/common';
import type { Group } from '../../groups/domain/group';
import { ScimError } from '../domain/scim-error';
import { Listed, Member, ScimDirectory, Window } from './scim-directory';
import { groupCriteria, parseFilter } from './scim-filter';

export interface ScimGroupView {
  group: Group;
  /** Absent when the caller excluded them (`excludedAttributes=members`): they are then not read at all. */
  members?: Member[];
}

/** GET /Groups, filtered or not, with each group's members unless excluded. */
@Injectable()
export class ListScimGroups {
  constructor(private readonly directory: ScimDirectory) {}

  async execute(input: {
    organizationId: string;
    filter: string | null;
    window: Window;
    withMembers: boolean;
  }): Promise<Listed<ScimGroupView>> {
    const criteria = input.filter === null ? {} : groupCriteria(parseFilter(input.filter));
    if (criteria.impossible) return { total: 0, items: [] };
    const page = await this.directory.findGroups(input.organizationId, criteria, input.window);
    return { total: page.total, items: await withMembers(this.directory, page.items, input.withMembers) };
  }
}

/** GET /Groups/{id}. */
@Injectable()
export class ShowScimGroup {
  constructor(private readonly directory: ScimDirectory) {}

  async execute(input: { organizationId: string; groupId: string; withMembers: boolean }): Promise<ScimGroupView> {
    const { items } = await this.directory.findGroups(
      input.organizationId,
      { id: input.groupId },
      { offset: 0, limit: 1 },
    );
    if (items.length === 0) throw ScimError.notFound();
    return (await withMembers(this.directory, items, input.withMembers))[0];
  }
}

async function withMembers(directory: ScimDirectory, groups: Group[], wanted: boolean): Promise<ScimGroupView[]> {
  if (!wanted) return groups.map((group) => ({ group }));
  const members = await directory.membersOf(groups.map((group) => group.id));
  return groups.map((group) => ({ group, members: members.get(group.id) ?? [] }));
}
