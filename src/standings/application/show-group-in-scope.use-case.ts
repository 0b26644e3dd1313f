import { Injectable } from '@nestjs/common';
import { GroupSummary, ScopedDirectory } from './directory';
import { GROUP, subjectInScope } from './subject-in-scope';
import type { Viewer } from './viewer';

/** One group, if the viewer may see it: otherwise 404, as for another organization's. */
@Injectable()
export class ShowGroupInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  execute(input: { viewer: Viewer; groupId: string }): Promise<GroupSummary> {
    return subjectInScope(this.directory, input.viewer, GROUP, input.groupId);
  }
}
