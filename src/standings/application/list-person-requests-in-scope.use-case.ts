import { Injectable } from '@nestjs/common';
import { RequestSummary, ScopedDirectory } from './directory';
import type { KeysetPage } from './standings';
import { PERSON_REQUESTS, rowsInScope } from './subject-in-scope';
import type { KeysetInput, Viewer } from './viewer';

/** A person's requests, newest first, if the viewer may see the person (404 otherwise). */
@Injectable()
export class ListPersonRequestsInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  execute(input: { viewer: Viewer; personId: string } & KeysetInput): Promise<KeysetPage<RequestSummary>> {
    return rowsInScope(this.directory, input, PERSON_REQUESTS, input.personId);
  }
}
