import { Body, Delete, Get, HttpCode, Param, Patch, Put } from '@nestjs/common';
import { UlidPathPipe } from '@lib/http';
import { DeleteGroup } from '../../groups/application/delete-group.use-case';
import { ChangeScimGroup, CreateScimGroup } from '../application/change-scim-group.use-case';
import { ListScimGroups, ShowScimGroup } from '../application/list-scim-groups.use-case';
import { ScimAddress, ScimController, ScimCreate } from './scim-base';
import { CurrentScimCaller } from './scim-caller.decorator';
import { listOf, presentGroup, project } from './scim-presenters';
import { ListParameters, ListQuery, Projection, ProjectionParameters } from './scim-query';
import type { ScimCaller } from './scim-request';

/** Whether the answer shows members: not when excluded, nor when `attributes=` leaves them out. */
const wantsMembers = (query: Projection) =>
  !query.excludedAttributes.includes('members') &&
  (query.attributes === null || query.attributes.some((name) => name.split('.')[0] === 'members'));

/** /scim/v2/Groups: the organization's groups and their members. */
@ScimController('Groups')
export class ScimGroupsController {
  constructor(
    private readonly address: ScimAddress,
    private readonly listGroups: ListScimGroups,
    private readonly showGroup: ShowScimGroup,
    private readonly createGroup: CreateScimGroup,
    private readonly changeGroup: ChangeScimGroup,
    private readonly deleteGroup: DeleteGroup,
  ) {}

  @Get()
  async list(@CurrentScimCaller() caller: ScimCaller, @ListParameters() query: ListQuery) {
    const withMembers = wantsMembers(query);
    const page = await this.listGroups.execute({ organizationId: caller.organizationId, ...query, withMembers });
    return listOf(page, query, ({ group, members }) => presentGroup(group, members, this.address.baseUrl));
  }

  @Get(':id')
  async show(
    @CurrentScimCaller() caller: ScimCaller,
    @Param('id', UlidPathPipe) id: string,
    @ProjectionParameters() wanted: Projection,
  ) {
    return project(await this.stored(caller.organizationId, id, wantsMembers(wanted)), wanted);
  }

  @ScimCreate()
  async create(@CurrentScimCaller() caller: ScimCaller, @Body() body: unknown) {
    const created = await this.createGroup.execute({ organizationId: caller.organizationId, resource: body });
    return this.stored(caller.organizationId, created.id);
  }

  @Put(':id')
  async replace(@CurrentScimCaller() caller: ScimCaller, @Param('id', UlidPathPipe) id: string, @Body() body: unknown) {
    await this.changeGroup.execute({ organizationId: caller.organizationId, groupId: id, resource: body });
    return this.stored(caller.organizationId, id);
  }

  /** 204, as RFC 7644 allows: a group's members can be many, and neither Okta nor Entra reads them back. */
  @Patch(':id')
  @HttpCode(204)
  async patch(
    @CurrentScimCaller() caller: ScimCaller,
    @Param('id', UlidPathPipe) id: string,
    @Body() body: unknown,
  ): Promise<void> {
    await this.changeGroup.execute({ organizationId: caller.organizationId, groupId: id, patch: body });
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentScimCaller() caller: ScimCaller, @Param('id', UlidPathPipe) id: string): Promise<void> {
    await this.deleteGroup.execute({ organizationId: caller.organizationId, groupId: id });
  }

  /** The group as stored now, its members with it unless the caller left them out. */
  private async stored(organizationId: string, id: string, withMembers = true) {
    const { group, members } = await this.showGroup.execute({ organizationId, groupId: id, withMembers });
    return presentGroup(group, members, this.address.baseUrl);
  }
}
