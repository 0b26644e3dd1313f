import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { frameOriginsOf } from '../domain/frame-origins';
import { OrganizationSettings, OrganizationSettingsView } from './organization-settings';

export interface OrganizationSettingsChange {
  organizationId: string;
  /** The full list that replaces the current one (absent: unchanged); each must be an origin. */
  signingFrameOrigins?: readonly unknown[];
}

/** PATCH /organization: the settings given replace the current ones; the others stay. */
@Injectable()
export class ChangeOrganizationSettings {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly settings: OrganizationSettings,
    private readonly clock: Clock,
  ) {}

  async execute(input: OrganizationSettingsChange): Promise<OrganizationSettingsView> {
    const origins = input.signingFrameOrigins === undefined ? undefined : frameOriginsOf(input.signingFrameOrigins);
    return this.unitOfWork.run(async () => {
      if (origins !== undefined) {
        await this.settings.changeSigningFrameOrigins(input.organizationId, origins, this.clock.now());
      }
      const view = await this.settings.find(input.organizationId);
      if (!view) throw new NotFoundError();
      return view;
    });
  }
}
