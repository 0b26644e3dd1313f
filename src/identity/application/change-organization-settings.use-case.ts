import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { frameOriginsOf } from '../domain/frame-origins';
import type { Actor } from './actor';
import { OrganizationSettings, OrganizationSettingsView } from './organization-settings';
import { OrganizationRepository } from './organization.repository';

/** What an owner or administrator may change about their organization; absent settings stay as they are. */
export interface OrganizationSettingsChanges {
  defaultLocale?: string;
  /** The full list that replaces the current one; each must be an origin. */
  signingFrameOrigins?: readonly unknown[];
}

/**
 * PATCH /organization: the settings given replace the current ones, the others stay. A change is written with its
 * audit line in one transaction; a request that changes nothing writes nothing.
 */
@Injectable()
export class ChangeOrganizationSettings {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly organizations: OrganizationRepository,
    private readonly settings: OrganizationSettings,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: { actor: Actor; changes: OrganizationSettingsChanges }): Promise<OrganizationSettingsView> {
    const { actor, changes } = input;
    const origins = changes.signingFrameOrigins === undefined ? undefined : frameOriginsOf(changes.signingFrameOrigins);
    return this.unitOfWork.run(async () => {
      const organization = await this.organizations.findById(actor.organizationId);
      // The token that authenticated the call belongs to it; gone only if it was deleted meanwhile.
      if (!organization) throw new NotFoundError('No such organization.');
      const now = this.clock.now();
      const details: Record<string, unknown> = {};
      const before = organization.defaultLocale;
      if (changes.defaultLocale !== undefined && organization.changeDefaultLocale(changes.defaultLocale, now)) {
        await this.organizations.save(organization);
        details.default_locale = { from: before, to: organization.defaultLocale };
      }
      if (origins !== undefined) {
        await this.settings.changeSigningFrameOrigins(organization.id, origins, now);
        details.signing_frame_origins = origins;
      }
      if (Object.keys(details).length > 0) {
        await this.audit.record({
          organizationId: organization.id,
          userId: actor.userId,
          action: 'organization.settings_changed',
          origin: actor.origin,
          details,
        });
      }
      const view = await this.settings.find(organization.id);
      if (!view) throw new NotFoundError('No such organization.');
      return view;
    });
  }
}
