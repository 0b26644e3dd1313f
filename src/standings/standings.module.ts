import { Module } from '@nestjs/common';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { ScopedDirectory } from './application/directory';
import { ExportDocumentStandings } from './application/export-document-standings.use-case';
import { ExportPeopleInScope } from './application/export-people-in-scope.use-case';
import { ListDocumentStandings } from './application/list-document-standings.use-case';
import { ListGroupMembersInScope } from './application/list-group-members-in-scope.use-case';
import { ListGroupsInScope } from './application/list-groups-in-scope.use-case';
import { ListPeopleInScope } from './application/list-people-in-scope.use-case';
import { ListPersonRequestsInScope } from './application/list-person-requests-in-scope.use-case';
import { ShowComplianceOverview } from './application/show-compliance-overview.use-case';
import { ShowGroupInScope } from './application/show-group-in-scope.use-case';
import { ShowPersonInScope } from './application/show-person-in-scope.use-case';
import { StandingsReadModel } from './application/standings-read-model';
import { TypeormScopedDirectory } from './infrastructure/typeorm-scoped-directory';
import { TypeormStandingsReadModel } from './infrastructure/typeorm-standings-read-model';
import { ExportsController } from './http/exports.controller';

const useCases = [
  ShowComplianceOverview,
  ListDocumentStandings,
  ExportDocumentStandings,
  ListPeopleInScope,
  ExportPeopleInScope,
  ShowPersonInScope,
  ListPersonRequestsInScope,
  ListGroupsInScope,
  ShowGroupInScope,
  ListGroupMembersInScope,
];

/**
 * The read side of the compliance views (overview, a document's standings, people, groups, requests and their
 * exports), each restricted to the viewer's scope in its SQL: the whole organization for owners and administrators,
 * the groups they are in charge of for a group manager.
 */
@Module({
  imports: [AuditLogModule],
  controllers: [ExportsController],
  providers: [
    { provide: StandingsReadModel, useClass: TypeormStandingsReadModel },
    { provide: ScopedDirectory, useClass: TypeormScopedDirectory },
    ...useCases,
  ],
  exports: useCases,
})
export class StandingsModule {}
