import { Injectable } from '@nestjs/common';
import { GroupSummary, ScopedDirectory } from './directory';
import type { KeysetPage } from './standings';
import { KeysetInput, keysetRequest, Viewer, viewerScopeOf } from './viewer';

/** The groups the viewer may see (a group manager: those they are in charge of), by name. */
@Injectable()
export class ListGroupsInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  execute(input: { viewer: Viewer } & KeysetInput): Promise<KeysetPage<GroupSummary>> {
    return this.directory.groupsPage(viewerScopeOf(input.viewer), keysetRequest(input));
  }
}
