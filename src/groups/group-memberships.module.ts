import { Module } from '@nestjs/common';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { AddPeopleToGroup } from './application/add-people-to-group.use-case';
import { GroupMembershipRepository } from './application/group-membership.repository';
import { RemovePersonFromGroup } from './application/remove-person-from-group.use-case';
import { GroupPeopleController } from './http/group-people.controller';
import { GroupPeoplePathGuard } from './http/group-people-path.guard';
import { TypeormGroupMembershipRepository } from './infrastructure/typeorm-group-membership.repository';

/** People in groups: POST and DELETE /groups/{group}/people, with the assignments and requests joining implies. */
@Module({
  imports: [AttestationRequestsModule],
  controllers: [GroupPeopleController],
  providers: [
    { provide: GroupMembershipRepository, useClass: TypeormGroupMembershipRepository },
    GroupPeoplePathGuard,
    AddPeopleToGroup,
    RemovePersonFromGroup,
  ],
  exports: [AddPeopleToGroup, RemovePersonFromGroup],
})
export class GroupMembershipsModule {}
