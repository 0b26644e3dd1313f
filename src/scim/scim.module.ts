import { Module } from '@nestjs/common';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { GroupMembershipsModule } from '../groups/group-memberships.module';
import { GroupsModule } from '../groups/groups.module';
import { IdentityModule } from '../identity/identity.module';
import { PeopleModule } from '../people/people.module';
import { ChangeScimGroup, CreateScimGroup } from './application/change-scim-group.use-case';
import { ChangeScimUser } from './application/change-scim-user.use-case';
import { DeprovisionScimUser } from './application/deprovision-scim-user.use-case';
import { ListScimGroups, ShowScimGroup } from './application/list-scim-groups.use-case';
import { ListScimUsers, ShowScimUser } from './application/list-scim-users.use-case';
import { ProvisionScimUser } from './application/provision-scim-user.use-case';
import { ScimDirectory } from './application/scim-directory';
import { ScimGroupWriter } from './application/scim-group-writer';
import { ScimUserWriter } from './application/scim-user-writer';
import { ScimAddress } from './http/scim-base';
import { ScimDiscoveryController } from './http/scim-discovery.controller';
import { ScimErrorFilter } from './http/scim-error.filter';
import { ScimGroupsController } from './http/scim-groups.controller';
import { ScimNotFoundController } from './http/scim-not-found.controller';
import { ScimUsersController } from './http/scim-users.controller';
import { ScimGuard } from './http/scim.guard';
import { TypeormScimDirectory } from './infrastructure/typeorm-scim-directory';

/**
 * SCIM 2.0 at /scim/v2 (RFC 7643, 7644): people and groups provisioned from an identity provider. A door over the
 * people's and groups' own use-cases; what is its own is the token check and allowance, the SCIM shapes (resources,
 * PATCH, filters, errors) and the reads SCIM lists with.
 */
@Module({
  imports: [IdentityModule, PeopleModule, GroupsModule, GroupMembershipsModule, AttestationRequestsModule],
  controllers: [
    ScimDiscoveryController,
    ScimUsersController,
    ScimGroupsController,
    // Last: it answers the paths under /scim/v2 that none of the above claims.
    ScimNotFoundController,
  ],
  providers: [
    { provide: ScimDirectory, useClass: TypeormScimDirectory },
    ScimAddress,
    ScimGuard,
    ScimErrorFilter,
    ScimUserWriter,
    ScimGroupWriter,
    ListScimUsers,
    ShowScimUser,
    ProvisionScimUser,
    ChangeScimUser,
    DeprovisionScimUser,
    ListScimGroups,
    ShowScimGroup,
    CreateScimGroup,
    ChangeScimGroup,
  ],
})
export class ScimModule {}
