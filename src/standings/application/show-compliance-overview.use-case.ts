import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { ComplianceOverview } from './standings';
import { StandingsReadModel } from './standings-read-model';
import { Viewer, viewerScopeOf } from './viewer';

/**
 * Which documents are behind: per published, active document its attestation counts, completion rate, overdue and
 * outstanding figures, most outstanding first, with the organization's totals. Owners and administrators read the
 * maintained counters (no assignee is counted); a group manager's figures cover their groups' people only.
 */
@Injectable()
export class ShowComplianceOverview {
  constructor(
    private readonly readModel: StandingsReadModel,
    private readonly clock: Clock,
  ) {}

  /** With `documentId`, that document's figures alone (its page), the others not read. */
  execute(input: { viewer: Viewer; documentId?: string }): Promise<ComplianceOverview> {
    return this.readModel.overview(viewerScopeOf(input.viewer), this.clock.now(), input.documentId);
  }
}
