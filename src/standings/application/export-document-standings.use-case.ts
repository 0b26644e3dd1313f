import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { PersonStanding } from './standings';
import { StandingsReadModel } from './standings-read-model';
import { checkedFilter, documentIdIn, StandingsFilterInput, Viewer, viewerScopeOf } from './viewer';

/**
 * Every assignee of a document matching the filter, in the viewer's scope, as a stream read from PostgreSQL as the
 * caller consumes it (the CSV export). The document and the filter are checked before the first row (404, 422), so
 * a door can still answer an error before it starts sending.
 */
@Injectable()
export class ExportDocumentStandings {
  constructor(
    private readonly readModel: StandingsReadModel,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    viewer: Viewer;
    documentId: string;
    filter: StandingsFilterInput;
  }): Promise<AsyncIterable<PersonStanding>> {
    const scope = viewerScopeOf(input.viewer);
    const documentId = await documentIdIn(this.readModel, scope, input.documentId);
    const filter = await checkedFilter(this.readModel, scope, input.filter);
    return this.readModel.standingsStream(scope, documentId, filter, this.clock.now());
  }
}
