import { Controller, Get, Query } from '@nestjs/common';
import { PageQuery, PageRequest, toEnvelope } from '@lib/common';
import { AppConfig } from '../../config/app-config';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { ListGroups } from '../application/list-groups.use-case';
import { presentGroup } from './group.presenter';

@Controller('groups')
export class GroupsController {
  constructor(
    private readonly config: AppConfig,
    private readonly listGroups: ListGroups,
  ) {}

  @Get()
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    const request = PageRequest.from(query);
    const page = await this.listGroups.execute({ organizationId: principal.organization.id, page: request });
    return toEnvelope(page, request, `${this.config.apiBaseUrl}/groups`, {}, presentGroup);
  }
}
