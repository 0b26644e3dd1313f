import { Body, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { isUlid } from '@lib/core';
import { DeleteGroup } from '../../groups/application/delete-group.use-case';
import { ChangeScimGroup, CreateScimGroup } from '../application/change-scim-group.use-case';
import { ListScimGroups, ShowScimGroup } from '../application/list-scim-groups.use-case';
import { ScimError } from '../domain/scim-error';
import { ScimAddress, ScimAnswer, ScimController } from './scim-base';
import { CurrentScimCaller } from './scim-caller.decorator';
import { listOf, presentGroup, project } from './scim-presenters';
import { ListQuery, listQuery, projection } from './scim-query';
import type { ScimCaller } from './scim-request';

/** Whether the answer shows members: not when excluded, nor when `attributes=` leaves them out. */
const wantsMembers = (query: Pick<ListQuery, 'attributes' | 'excludedAttributes'>) =>
  !query.excludedAttributes.includes('members') &&
  (query.attributes === null || query.attributes.some((name) => name.split('.')[0] === 'members'));

/** Ids are ULIDs: anything else is nobody's, 404 before any read. */
function groupId(id: string): string {
  if (!isUlid(id)) throw ScimError.notFound();
  return id.toLowerCase();
}

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
  @ScimAnswer()
  async list(@CurrentScimCaller() caller: ScimCaller, @Query() query: Record<string, unknown>) {
    const parsed = listQuery(query);
    const page = await this.listGroups.execute({
      organizationId: caller.organizationId,
      filter: parsed.filter,
      window: parsed.window,
      withMembers: wantsMembers(parsed),
    });
    return listOf(page, parsed, ({ group, members }) => presentGroup(group, members, this.address.baseUrl));
  }

  @Get(':id')
  @ScimAnswer()
  async show(
    @CurrentScimCaller() caller: ScimCaller,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ) {
    const wanted = projection(query);
    const { group, members } = await this.showGroup.execute({
      organizationId: caller.organizationId,
      groupId: groupId(id),
      withMembers: wantsMembers(wanted),
    });
    return project(presentGroup(group, members, this.address.baseUrl), wanted);
  }

  @Post()
  @HttpCode(201)
  @ScimAnswer()
  async create(
    @CurrentScimCaller() caller: ScimCaller,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ) {
    const created = await this.createGroup.execute({ organizationId: caller.organizationId, resource: body });
    const { group, members } = await this.showGroup.execute({
      organizationId: caller.organizationId,
      groupId: created.id,
      withMembers: true,
    });
    const resource = presentGroup(group, members, this.address.baseUrl);
    response.setHeader('Location', (resource.meta as { location: string }).location);
    return resource;
  }

  @Put(':id')
  @ScimAnswer()
  async replace(@CurrentScimCaller() caller: ScimCaller, @Param('id') id: string, @Body() body: unknown) {
    const organizationId = caller.organizationId;
    await this.changeGroup.execute({ organizationId, groupId: groupId(id), resource: body });
    const { group, members } = await this.showGroup.execute({
      organizationId,
      groupId: groupId(id),
      withMembers: true,
    });
    return presentGroup(group, members, this.address.baseUrl);
  }

  /** 204, as RFC 7644 allows: a group's members can be many, and neither Okta nor Entra reads them back. */
  @Patch(':id')
  @HttpCode(204)
  async patch(@CurrentScimCaller() caller: ScimCaller, @Param('id') id: string, @Body() body: unknown): Promise<void> {
    await this.changeGroup.execute({ organizationId: caller.organizationId, groupId: groupId(id), patch: body });
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentScimCaller() caller: ScimCaller, @Param('id') id: string): Promise<void> {
    await this.deleteGroup.execute({ organizationId: caller.organizationId, groupId: groupId(id) });
  }
}
