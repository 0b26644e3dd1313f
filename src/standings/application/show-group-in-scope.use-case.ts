import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { GroupSummary, ScopedDirectory } from './directory';
import { pathId, Viewer, viewerScopeOf } from './viewer';

/** One group, if the viewer may see it: otherwise 404, as for another organization's. */
@Injectable()
export class ShowGroupInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  async execute(input: { viewer: Viewer; groupId: string }): Promise<GroupSummary> {
    const id = pathId(input.groupId, 'Group not found.');
    const group = await this.directory.group(viewerScopeOf(input.viewer), id);
    if (!group) throw new NotFoundError('Group not found.');
    return group;
  }
}
