import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { Group, GroupChanges } from '../domain/group';
import { findGroup, GroupTarget } from './group-scope';
import { GroupRepository } from './group.repository';

/**
 * Renames a group or switches its automatic issuance (API and admin CLI). Switching it on issues nothing to the
 * current members; people added afterwards are sent requests.
 */
@Injectable()
export class UpdateGroup {
  constructor(
    private readonly groups: GroupRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: GroupTarget & { changes: GroupChanges }): Promise<Group> {
    const group = await findGroup(this.groups, input);
    if (group.update(input.changes, this.clock.now())) await this.groups.save(group);
    return group;
  }
}
