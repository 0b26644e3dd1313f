import { Organization } from './organization';

const now = new Date('2026-11-22T10:00:00.000Z');

describe('Organization billing', () => {
  it('starts a 14-day trial by default', () => {
    const organization = Organization.create({ name: 'Acme', now });
    expect(organization.billingStatus).toBe('trial');
    expect(organization.trialEndsAt).toEqual(new Date('2026-12-06T10:00:00.000Z'));
    expect(organization.hasApiAccess(now)).toBe(true);
    expect(organization.hasApiAccess(new Date('2026-12-06T10:00:00.000Z'))).toBe(false);
  });

  it('gives access while active, never while inactive', () => {
    expect(Organization.create({ name: 'A', billingStatus: 'active', now }).hasApiAccess(now)).toBe(true);
    expect(Organization.create({ name: 'B', billingStatus: 'inactive', now }).hasApiAccess(now)).toBe(false);
  });
});
