import { Injectable } from '@nestjs/common';
import type { Page, PageRequest } from '@lib/http';
import type { Group } from '../domain/group';
import { GroupRepository } from './group.repository';

/** A page of an organization's groups by name. */
@Injectable()
export class ListGroups {
  constructor(private readonly groups: GroupRepository) {}

  execute(input: { organizationId: string; page: PageRequest }): Promise<Page<Group>> {
    return this.groups.page(input.organizationId, input.page);
  }
}
