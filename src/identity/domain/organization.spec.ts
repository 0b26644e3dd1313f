import { fieldErrorsOf } from '../../../test/support/field-errors';
import { isBillingStatus, Organization } from './organization';

const now = new Date('2026-11-22T10:00:00.000Z');

describe('Organization default locale', () => {
  const later = new Date(now.getTime() + 1000);

  it('is English until changed, and kept canonical', () => {
    const organization = Organization.create({ name: 'Acme', now });
    expect(organization.defaultLocale).toBe('en');
    expect(organization.changeDefaultLocale('pt-br', later)).toBe(true);
    expect(organization).toMatchObject({ defaultLocale: 'pt-BR', updatedAt: later });
  });

  it('changes nothing for the same locale in another case', () => {
    const organization = Organization.create({ name: 'Acme', now });
    expect(organization.changeDefaultLocale('EN', later)).toBe(false);
    expect(organization.updatedAt).toEqual(now);
  });

  it('refuses an unsupported language, listing the supported ones', () => {
    const organization = Organization.create({ name: 'Acme', now });
    expect(() => organization.changeDefaultLocale('ja', later)).toThrow(
      'The default locale field must be one of the supported languages: en, fr, de, es, it, nl, pt',
    );
    expect(Object.keys(fieldErrorsOf(() => organization.changeDefaultLocale('ja', later)))).toEqual(['default_locale']);
    expect(organization.defaultLocale).toBe('en');
  });
});

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

describe('Organization billing changes', () => {
  const later = new Date('2026-11-23T10:00:00.000Z');
  const future = new Date('2027-01-01T00:00:00.000Z');

  it('has no access once moved from trial to inactive, even with a trial end still ahead', () => {
    const organization = Organization.create({ name: 'Acme', trialEndsAt: future, now });
    organization.changeBilling('inactive', undefined, later);
    expect(organization.billingStatus).toBe('inactive');
    expect(organization.trialEndsAt).toEqual(future);
    expect(organization.hasApiAccess(later)).toBe(false);
    expect(organization.updatedAt).toEqual(later);
  });

  it('takes the given trial end, else keeps the one it has, else gives 14 days from the change', () => {
    const active = Organization.create({ name: 'A', billingStatus: 'active', now });
    expect(active.trialEndsAt).toBeNull();
    active.changeBilling('trial', undefined, later);
    expect(active.trialEndsAt).toEqual(new Date('2026-12-07T10:00:00.000Z'));
    active.changeBilling('trial', undefined, future);
    expect(active.trialEndsAt).toEqual(new Date('2026-12-07T10:00:00.000Z'));
    active.changeBilling('trial', future, later);
    expect(active.trialEndsAt).toEqual(future);
  });

  it('changes the trial end of a non-trial status only when given one', () => {
    const organization = Organization.create({ name: 'A', now });
    organization.changeBilling('active', undefined, later);
    expect(organization.trialEndsAt).toEqual(new Date('2026-12-06T10:00:00.000Z'));
    organization.changeBilling('active', future, later);
    expect(organization.trialEndsAt).toEqual(future);
    expect(organization.hasApiAccess(new Date('2030-01-01T00:00:00.000Z'))).toBe(true);
  });

  it('has access during a trial until its end, and none in a trial without an end', () => {
    const trial = Organization.create({ name: 'A', trialEndsAt: future, now });
    expect(trial.hasApiAccess(new Date(future.getTime() - 1))).toBe(true);
    expect(trial.hasApiAccess(future)).toBe(false);
    const endless = new Organization('id', 'A', 'trial', null, now, now);
    expect(endless.hasApiAccess(now)).toBe(false);
  });

  it('is created with its name, an id, and the creation time', () => {
    const organization = Organization.create({ name: 'Acme', billingStatus: 'inactive', now });
    expect(organization).toMatchObject({ name: 'Acme', trialEndsAt: null, createdAt: now, updatedAt: now });
    expect(organization.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
  });

  it('knows its billing statuses', () => {
    expect(['trial', 'active', 'inactive'].every(isBillingStatus)).toBe(true);
    expect([undefined, null, 'Trial', 'paused', 1].some(isBillingStatus)).toBe(false);
  });
});
