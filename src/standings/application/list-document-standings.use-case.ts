import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { KeysetPage, PersonStanding } from './standings';
import { StandingsReadModel } from './standings-read-model';
import {
  checkedFilter,
  documentIdIn,
  KeysetInput,
  keysetRequest,
  StandingsFilterInput,
  Viewer,
  viewerScopeOf,
} from './viewer';

/**
 * A page of where a document's assignees stand (in the viewer's scope), by person id: `after` is the last person id
 * of the previous page (`next` of its answer). 404 for a document or group the viewer cannot see.
 */
@Injectable()
export class ListDocumentStandings {
  constructor(
    private readonly readModel: StandingsReadModel,
    private readonly clock: Clock,
  ) {}

  async execute(
    input: {
      viewer: Viewer;
      documentId: string;
      filter: StandingsFilterInput;
    } & KeysetInput,
  ): Promise<KeysetPage<PersonStanding>> {
    const scope = viewerScopeOf(input.viewer);
    const documentId = await documentIdIn(this.readModel, scope, input.documentId);
    const filter = await checkedFilter(this.readModel, scope, input.filter);
    return this.readModel.standingsPage(scope, documentId, filter, keysetRequest(input), this.clock.now());
  }
}
