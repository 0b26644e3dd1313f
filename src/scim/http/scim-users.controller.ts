import { Body, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ChangeScimUser } from '../application/change-scim-user.use-case';
import { DeprovisionScimUser } from '../application/deprovision-scim-user.use-case';
import { ListScimUsers, ShowScimUser } from '../application/list-scim-users.use-case';
import { ProvisionScimUser } from '../application/provision-scim-user.use-case';
import { ScimAddress, ScimAnswer, ScimController } from './scim-base';
import { CurrentScimCaller } from './scim-caller.decorator';
import { listOf, presentUser, project } from './scim-presenters';
import { listQuery, projection } from './scim-query';
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
  @ScimAnswer()
  async list(@CurrentScimCaller() caller: ScimCaller, @Query() query: Record<string, unknown>) {
    const parsed = listQuery(query);
    const page = await this.listUsers.execute({
      organizationId: caller.organizationId,
      filter: parsed.filter,
      window: parsed.window,
    });
    return listOf(page, parsed, (person) => presentUser(person, this.address.baseUrl));
  }

  @Get(':id')
  @ScimAnswer()
  async show(
    @CurrentScimCaller() caller: ScimCaller,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ) {
    const person = await this.showUser.execute({ organizationId: caller.organizationId, personId: id });
    return project(presentUser(person, this.address.baseUrl), projection(query));
  }

  @Post()
  @HttpCode(201)
  @ScimAnswer()
  async create(
    @CurrentScimCaller() caller: ScimCaller,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ) {
    const person = await this.provisionUser.execute({ organizationId: caller.organizationId, resource: body });
    const user = presentUser(person, this.address.baseUrl);
    response.setHeader('Location', (user.meta as { location: string }).location);
    return user;
  }

  @Put(':id')
  @ScimAnswer()
  async replace(@CurrentScimCaller() caller: ScimCaller, @Param('id') id: string, @Body() body: unknown) {
    const person = await this.changeUser.execute({
      organizationId: caller.organizationId,
      personId: id,
      resource: body,
    });
    return presentUser(person, this.address.baseUrl);
  }

  @Patch(':id')
  @ScimAnswer()
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
