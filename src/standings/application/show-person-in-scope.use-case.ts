import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { PersonSummary, ScopedDirectory } from './directory';
import { pathId, Viewer, viewerScopeOf } from './viewer';

/** One person, if the viewer may see them: otherwise 404, as for another organization's. */
@Injectable()
export class ShowPersonInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  async execute(input: { viewer: Viewer; personId: string }): Promise<PersonSummary> {
    const id = pathId(input.personId, 'Person not found.');
    const person = await this.directory.person(viewerScopeOf(input.viewer), id);
    if (!person) throw new NotFoundError('Person not found.');
    return person;
  }
}
