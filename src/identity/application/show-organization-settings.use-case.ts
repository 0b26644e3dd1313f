import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { OrganizationSettings, OrganizationSettingsView } from './organization-settings';

/** GET /organization: the caller's own organization and its settings. */
@Injectable()
export class ShowOrganizationSettings {
  constructor(private readonly settings: OrganizationSettings) {}

  async execute(input: { organizationId: string }): Promise<OrganizationSettingsView> {
    const view = await this.settings.find(input.organizationId);
    // The token that authenticated the call belongs to it; gone only if it was deleted meanwhile.
    if (!view) throw new NotFoundError('No such organization.');
    return view;
  }
}
