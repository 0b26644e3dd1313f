import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { RequestSummary, ScopedDirectory } from './directory';
import type { KeysetPage } from './standings';
import { KeysetInput, keysetRequest, pathId, Viewer, viewerScopeOf } from './viewer';

/** A person's requests, newest first, if the viewer may see the person (404 otherwise). */
@Injectable()
export class ListPersonRequestsInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  async execute(input: { viewer: Viewer; personId: string } & KeysetInput): Promise<KeysetPage<RequestSummary>> {
    const scope = viewerScopeOf(input.viewer);
    const id = pathId(input.personId, 'Person not found.');
    const page = keysetRequest(input);
    if (!(await this.directory.person(scope, id))) throw new NotFoundError('Person not found.');
    return this.directory.personRequests(scope, id, page);
  }
}
