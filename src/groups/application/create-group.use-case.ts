import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { Group } from '../domain/group';
import { GroupRepository } from './group.repository';

/** Adds a group (admin CLI, SCIM and seeds: groups are managed outside the API). */
@Injectable()
export class CreateGroup {
  constructor(
    private readonly groups: GroupRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    organizationId: string;
    name: string;
    autoIssueRequests?: boolean;
    externalId?: string | null;
  }): Promise<Group> {
    const group = Group.create({ ...input, now: this.clock.now() });
    await this.groups.add(group);
    return group;
  }
}
