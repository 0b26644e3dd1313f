import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { PersonSummary, ScopedDirectory } from './directory';
import type { KeysetPage } from './standings';
import { KeysetInput, keysetRequest, pathId, Viewer, viewerScopeOf } from './viewer';

/** A group's members by id, if the viewer may see the group (404 otherwise). */
@Injectable()
export class ListGroupMembersInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  async execute(input: { viewer: Viewer; groupId: string } & KeysetInput): Promise<KeysetPage<PersonSummary>> {
    const scope = viewerScopeOf(input.viewer);
    const id = pathId(input.groupId, 'Group not found.');
    const page = keysetRequest(input);
    if (!(await this.directory.group(scope, id))) throw new NotFoundError('Group not found.');
    return this.directory.groupMembersPage(scope, id, page);
  }
}
