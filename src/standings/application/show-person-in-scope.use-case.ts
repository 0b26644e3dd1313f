import { Injectable } from '@nestjs/common';
import { PersonSummary, ScopedDirectory } from './directory';
import { PERSON, subjectInScope } from './subject-in-scope';
import type { Viewer } from './viewer';

/** One person, if the viewer may see them: otherwise 404, as for another organization's. */
@Injectable()
export class ShowPersonInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  execute(input: { viewer: Viewer; personId: string }): Promise<PersonSummary> {
    return subjectInScope(this.directory, input.viewer, PERSON, input.personId);
  }
}
