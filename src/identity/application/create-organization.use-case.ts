import { Injectable } from '@nestjs/common';
import { Clock, ValidationFailedError } from '@lib/core';
import { BillingStatus, Organization } from '../domain/organization';
import { OrganizationRepository } from './organization.repository';

@Injectable()
export class CreateOrganization {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { name: string; billing?: BillingStatus; trialEndsAt?: Date }): Promise<Organization> {
    const name = input.name.trim();
    if (name === '' || name.length > 255) {
      throw ValidationFailedError.single('name', 'The name must be 1 to 255 characters.');
    }
    const organization = Organization.create({
      name,
      billingStatus: input.billing,
      trialEndsAt: input.trialEndsAt,
      now: this.clock.now(),
    });
    await this.organizations.save(organization);
    return organization;
  }
}
