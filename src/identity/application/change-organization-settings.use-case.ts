import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Organization } from '../domain/organization';
import type { Actor } from './actor';
import { OrganizationRepository } from './organization.repository';

/** What an owner or administrator may change about their organization; absent settings stay as they are. */
export interface OrganizationSettingsChanges {
  defaultLocale?: string;
}

/**
 * PATCH /organization: the settings of the caller's own organization. A change is written with its audit line in
 * one transaction; a request that changes nothing writes nothing.
 */
@Injectable()
export class ChangeOrganizationSettings {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly organizations: OrganizationRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: { actor: Actor; changes: OrganizationSettingsChanges }): Promise<Organization> {
    const { actor, changes } = input;
    return this.unitOfWork.run(async () => {
      const organization = await this.organizations.findById(actor.organizationId);
      // The token that authenticated the call belongs to it; gone only if it was deleted meanwhile.
      if (!organization) throw new NotFoundError('No such organization.');
      const now = this.clock.now();
      const before = organization.defaultLocale;
      const changed =
        changes.defaultLocale !== undefined && organization.changeDefaultLocale(changes.defaultLocale, now);
      if (!changed) return organization;
      await this.organizations.save(organization);
      await this.audit.record({
        organizationId: organization.id,
        userId: actor.userId,
        action: 'organization.settings_changed',
        origin: actor.origin,
        details: { default_locale: { from: before, to: organization.defaultLocale } },
      });
      return organization;
    });
  }
}
