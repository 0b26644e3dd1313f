import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import type { Page, PageRequest } from '@lib/http';
import type { ApiToken } from '../domain/api-token';
import { ApiTokenRepository } from './api-token.repository';
import { OrganizationRepository } from './organization.repository';

@Injectable()
export class ListApiTokens {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly organizations: OrganizationRepository,
  ) {}

  /** Every token, oldest first (the admin CLI). */
  async execute(organizationId: string): Promise<ApiToken[]> {
    if (!(await this.organizations.findById(organizationId))) throw new NotFoundError('Organization not found.');
    return this.tokens.listByOrganization(organizationId);
  }

  /** A page, newest first (the API settings, through the API or the console). */
  async page(organizationId: string, page: PageRequest): Promise<Page<ApiToken>> {
    return this.tokens.pageByOrganization(organizationId, page);
  }
}
