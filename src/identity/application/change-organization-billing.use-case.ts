import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { BillingStatus, Organization } from '../domain/organization';
import { OrganizationRepository } from './organization.repository';

@Injectable()
export class ChangeOrganizationBilling {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { organizationId: string; billing: BillingStatus; trialEndsAt?: Date }): Promise<Organization> {
    const organization = await this.organizations.findById(input.organizationId);
    if (!organization) throw new NotFoundError('Organization not found.');
    organization.changeBilling(input.billing, input.trialEndsAt, this.clock.now());
    await this.organizations.save(organization);
    return organization;
  }
}
