import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { AddPeopleToGroup } from '../../groups/application/add-people-to-group.use-case';
import { RemovePersonFromGroup } from '../../groups/application/remove-person-from-group.use-case';
import { UpdateGroup } from '../../groups/application/update-group.use-case';
import type { Group } from '../../groups/domain/group';
import type { GroupChangeRequest } from '../domain/scim-group';
import { ScimDirectory } from './scim-directory';

/**
 * Brings a group to what a SCIM request asks through the groups' own use-cases: a rename by UpdateGroup, members by
 * AddPeopleToGroup (the API's group add: assignments, automatic requests and the grouped email, deduplicated) and
 * RemovePersonFromGroup (the API's removal). Removing someone who is not a member changes nothing, so a retried PATCH
 * succeeds. Callers run it inside their unit of work.
 */
@Injectable()
export class ScimGroupWriter {
  constructor(
    private readonly directory: ScimDirectory,
    private readonly updateGroup: UpdateGroup,
    private readonly addPeople: AddPeopleToGroup,
    private readonly removePerson: RemovePersonFromGroup,
  ) {}

  async write(group: Group, change: GroupChangeRequest): Promise<Group> {
    let current = group;
    if (change.displayName !== undefined || change.externalId !== undefined) {
      current = await this.updateGroup.execute({
        group,
        changes: { name: change.displayName, externalId: change.externalId },
      });
    }
    let add: readonly string[];
    let remove: readonly string[];
    if ('replace' in change.members) {
      const wanted = new Set(change.members.replace);
      const members = (await this.directory.membersOf([group.id])).get(group.id) ?? [];
      const present = new Set(members.map((member) => member.id));
      add = [...wanted].filter((id) => !present.has(id));
      remove = [...present].filter((id) => !wanted.has(id));
    } else {
      ({ add, remove } = change.members);
    }
    if (add.length > 0) await this.addPeople.execute({ group: current, personIds: add });
    for (const personId of remove) {
      try {
        await this.removePerson.execute({ group: current, personId });
      } catch (error) {
        // The group is known to exist: the person is simply not a member (any more).
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return current;
  }
}
