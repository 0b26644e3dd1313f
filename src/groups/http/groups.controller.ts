import { Controller, Get, Query } from '@nestjs/common';
import { ApiEndpoint, PageQuery, PageRequest, toEnvelope } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { ListGroups } from '../application/list-groups.use-case';
import { presentGroup } from './group.presenter';
import { GroupPage } from './group.response';

@Controller('groups')
export class GroupsController {
  constructor(
    private readonly config: AppConfig,
    private readonly listGroups: ListGroups,
  ) {}

  @Get()
  @ApiEndpoint({
    operationId: 'listGroups',
    tag: 'Groups',
    summary: 'List groups',
    description: 'Ordered by name.',
    success: { status: 200, description: 'A page of groups.', type: GroupPage },
    unprocessable: 'A paging parameter is invalid.',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    const request = PageRequest.from(query);
    const page = await this.listGroups.execute({ organizationId: principal.organization.id, page: request });
    return toEnvelope(page, request, `${this.config.apiBaseUrl}/groups`, {}, presentGroup);
  }
}
