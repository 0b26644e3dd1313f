import { Injectable } from '@nestjs/common';
import type { Group } from '../domain/group';
import { findGroup, GroupTarget } from './group-scope';
import { GroupRepository } from './group.repository';

/** One group of the organization, with its settings. */
@Injectable()
export class ShowGroup {
  constructor(private readonly groups: GroupRepository) {}

  execute(input: GroupTarget): Promise<Group> {
    return findGroup(this.groups, input);
  }
}
