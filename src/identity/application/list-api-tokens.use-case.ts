import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import type { ApiToken } from '../domain/api-token';
import { ApiTokenRepository } from './api-token.repository';
import { OrganizationRepository } from './organization.repository';

@Injectable()
export class ListApiTokens {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly organizations: OrganizationRepository,
  ) {}

  async execute(organizationId: string): Promise<ApiToken[]> {
    if (!(await this.organizations.findById(organizationId))) throw new NotFoundError('Organization not found.');
    return this.tokens.listByOrganization(organizationId);
  }
}
