import { Module } from '@nestjs/common';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { EventsModule } from '../events/events.module';
import { GroupsModule } from './groups.module';
import { AddDocumentsToGroup } from './application/add-documents-to-group.use-case';
import { AddPeopleToGroup } from './application/add-people-to-group.use-case';
import { GroupMembershipRepository } from './application/group-membership.repository';
import { RemoveDocumentFromGroup } from './application/remove-document-from-group.use-case';
import { RemovePersonFromGroup } from './application/remove-person-from-group.use-case';
import { GroupDocumentsController } from './http/group-documents.controller';
import { GroupPeopleController } from './http/group-people.controller';
import { TypeormGroupMembershipRepository } from './infrastructure/typeorm-group-membership.repository';

/**
 * People and documents joining and leaving groups: POST and DELETE /groups/{group}/people and
 * /groups/{group}/documents, with the assignments and requests joining implies.
 */
@Module({
  imports: [AttestationRequestsModule, GroupsModule, AuditLogModule, EventsModule],
  controllers: [GroupPeopleController, GroupDocumentsController],
  providers: [
    { provide: GroupMembershipRepository, useClass: TypeormGroupMembershipRepository },
    AddPeopleToGroup,
    AddDocumentsToGroup,
    RemovePersonFromGroup,
    RemoveDocumentFromGroup,
  ],
  exports: [AddPeopleToGroup, AddDocumentsToGroup, RemovePersonFromGroup, RemoveDocumentFromGroup],
})
export class GroupMembershipsModule {}
