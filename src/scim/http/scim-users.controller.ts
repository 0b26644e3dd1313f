import { Body, Delete, Get, HttpCode, Param, Patch, Put } from '@nestjs/common';
import { ChangeScimUser } from '../application/change-scim-user.use-case';
import { DeprovisionScimUser } from '../application/deprovision-scim-user.use-case';
import { ListScimUsers, ShowScimUser } from '../application/list-scim-users.use-case';
import { ProvisionScimUser } from '../application/provision-scim-user.use-case';
import { ScimAddress, ScimController, ScimCreate } from './scim-base';
import { CurrentScimCaller } from './scim-caller.decorator';
import { listOf, presentUser, project } from './scim-presenters';
import { ListParameters, ListQuery, Projection, ProjectionParameters } from './scim-query';
import type { ScimCaller } from './scim-request';

/** /scim/v2/Users: the organization's provisioned people. */
@ScimController('Users')
export class ScimUsersController {
  constructor(
    private readonly address: ScimAddress,
    private readonly listUsers: ListScimUsers,
    private readonly showUser: ShowScimUser,
    private readonly provisionUser: ProvisionScimUser,
    private readonly changeUser: ChangeScimUser,
    private readonly deprovisionUser: DeprovisionScimUser,
  ) {}

  @Get()
  async list(@CurrentScimCaller() caller: ScimCaller, @ListParameters() query: ListQuery) {
    const page = await this.listUsers.execute({ organizationId: caller.organizationId, ...query });
    return listOf(page, query, (person) => presentUser(person, this.address.baseUrl));
  }

  @Get(':id')
  async show(
    @CurrentScimCaller() caller: ScimCaller,
    @Param('id') id: string,
    @ProjectionParameters() wanted: Projection,
  ) {
    const person = await this.showUser.execute({ organizationId: caller.organizationId, personId: id });
    return project(presentUser(person, this.address.baseUrl), wanted);
  }

  @ScimCreate()
  async create(@CurrentScimCaller() caller: ScimCaller, @Body() body: unknown) {
    const person = await this.provisionUser.execute({ organizationId: caller.organizationId, resource: body });
    return presentUser(person, this.address.baseUrl);
  }

  @Put(':id')
  async replace(@CurrentScimCaller() caller: ScimCaller, @Param('id') id: string, @Body() body: unknown) {
    const person = await this.changeUser.execute({
      organizationId: caller.organizationId,
      personId: id,
      resource: body,
    });
    return presentUser(person, this.address.baseUrl);
  }

  @Patch(':id')
  async patch(@CurrentScimCaller() caller: ScimCaller, @Param('id') id: string, @Body() body: unknown) {
    const person = await this.changeUser.execute({ organizationId: caller.organizationId, personId: id, patch: body });
    return presentUser(person, this.address.baseUrl);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentScimCaller() caller: ScimCaller, @Param('id') id: string): Promise<void> {
    await this.deprovisionUser.execute({ organizationId: caller.organizationId, personId: id });
  }
}
