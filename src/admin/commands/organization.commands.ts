import { ChangeOrganizationBilling } from '../../identity/application/change-organization-billing.use-case';
import { CreateOrganization } from '../../identity/application/create-organization.use-case';
import { BILLING_STATUSES, BillingStatus } from '../../identity/domain/organization';
import type { AdminCommand } from '../admin-command';
import { choice, date, text } from '../cli-arguments';
import { oneIdCommand } from '../one-id-command';
import { presentOrganization } from '../identity.presenter';

export const createOrganizationCommand: AdminCommand = {
  name: 'org:create',
  summary: 'Create an organization (default: a trial ending in 14 days).',
  options: {
    name: text('the organization name', true),
    billing: choice(BILLING_STATUSES, 'trial (default), active or inactive'),
    'trial-ends-at': date('end of the trial, ISO 8601'),
  },
  async run(app, options) {
    const organization = await app.get(CreateOrganization).execute({
      name: options.string('name'),
      billing: options.optionalChoice<BillingStatus>('billing'),
      trialEndsAt: options.optionalDate('trial-ends-at'),
    });
    return presentOrganization(organization);
  },
};

export const changeBillingCommand = oneIdCommand({
  name: 'org:billing',
  summary: "Change an organization's billing; effective on its next API request.",
  option: ['org', 'the organization id'],
  options: {
    billing: choice(BILLING_STATUSES, 'trial, active or inactive', true),
    'trial-ends-at': date('end of the trial, ISO 8601'),
  },
  act: (app, organizationId, options) =>
    app.get(ChangeOrganizationBilling).execute({
      organizationId,
      billing: options.choice<BillingStatus>('billing'),
      trialEndsAt: options.optionalDate('trial-ends-at'),
    }),
  present: presentOrganization,
});
