import { Injectable } from '@nestjs/common';
import { PersonSummary, ScopedDirectory } from './directory';
import type { KeysetPage } from './standings';
import { GROUP_MEMBERS, rowsInScope } from './subject-in-scope';
import type { KeysetInput, Viewer } from './viewer';

/** A group's members by id, if the viewer may see the group (404 otherwise). */
@Injectable()
export class ListGroupMembersInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  execute(input: { viewer: Viewer; groupId: string } & KeysetInput): Promise<KeysetPage<PersonSummary>> {
    return rowsInScope(this.directory, input, GROUP_MEMBERS, input.groupId);
  }
}
