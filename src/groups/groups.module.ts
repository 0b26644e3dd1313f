import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { DocumentsModule } from '../documents/documents.module';
import { EventsModule } from '../events/events.module';
import { PeopleModule } from '../people/people.module';
import { CreateGroup } from './application/create-group.use-case';
import { GroupRepository } from './application/group.repository';
import { GroupManagerRepository } from './application/group-managers.repository';
import { ListGroupManagers } from './application/list-group-managers.use-case';
import { SetGroupManagers } from './application/set-group-managers.use-case';
import { GroupManagersController } from './http/group-managers.controller';
import { TypeormGroupManagerRepository } from './infrastructure/typeorm-group-managers.repository';
import { DeleteGroup } from './application/delete-group.use-case';
import { ListGroupDocuments } from './application/list-group-documents.use-case';
import { ListGroupMembers } from './application/list-group-members.use-case';
import { ListGroups } from './application/list-groups.use-case';
import { ShowGroup } from './application/show-group.use-case';
import { UpdateGroup } from './application/update-group.use-case';
import { GroupPathGuard } from './http/group-path.guard';
import { GroupsController } from './http/groups.controller';
import { TypeormGroupRepository } from './infrastructure/typeorm-group.repository';
import { GroupRecord } from './infrastructure/group.record';
import { GroupDocumentRecord } from './infrastructure/group-document.record';
import { GroupMembershipRecord } from './infrastructure/group-membership.record';

const useCases = [
  CreateGroup,
  ShowGroup,
  UpdateGroup,
  DeleteGroup,
  ListGroups,
  ListGroupMembers,
  ListGroupDocuments,
  ListGroupManagers,
  SetGroupManagers,
];

@Module({
  imports: [
    TypeOrmModule.forFeature([GroupRecord, GroupDocumentRecord, GroupMembershipRecord]),
    DocumentsModule,
    PeopleModule,
    AuditLogModule,
    EventsModule,
  ],
  controllers: [GroupsController, GroupManagersController],
  providers: [
    { provide: GroupRepository, useClass: TypeormGroupRepository },
    { provide: GroupManagerRepository, useClass: TypeormGroupManagerRepository },
    GroupPathGuard,
    ...useCases,
  ],
  exports: [...useCases, GroupRepository, GroupPathGuard],
})
export class GroupsModule {}
