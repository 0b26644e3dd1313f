import {
  DEFAULT_LOCALE,
  Locale,
  newId,
  normaliseLocale,
  unsupportedLocaleMessage,
  ValidationFailedError,
} from '@lib/core';

export const BILLING_STATUSES = ['trial', 'active', 'inactive'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export function isBillingStatus(value: unknown): value is BillingStatus {
  return typeof value === 'string' && (BILLING_STATUSES as readonly string[]).includes(value);
}

const TRIAL_DAYS = 14;

export class Organization {
  constructor(
    readonly id: string,
    public name: string,
    public billingStatus: BillingStatus,
    public trialEndsAt: Date | null,
    readonly createdAt: Date,
    public updatedAt: Date,
    /** The language of its people who have no `locale` of their own (BCP 47, canonical). */
    public defaultLocale: Locale = DEFAULT_LOCALE,
  ) {}

  static create(input: {
    name: string;
    billingStatus?: BillingStatus;
    trialEndsAt?: Date | null;
    now: Date;
  }): Organization {
    const status = input.billingStatus ?? 'trial';
    const trialEndsAt =
      input.trialEndsAt ?? (status === 'trial' ? new Date(input.now.getTime() + TRIAL_DAYS * 86_400_000) : null);
    return new Organization(newId(), input.name, status, trialEndsAt, input.now, input.now);
  }

  /** An active subscription, or a trial that has not ended yet. */
  hasApiAccess(now: Date): boolean {
    if (this.billingStatus === 'active') return true;
    if (this.billingStatus === 'trial') return this.trialEndsAt !== null && this.trialEndsAt > now;
    return false;
  }

  changeBilling(status: BillingStatus, trialEndsAt: Date | undefined, now: Date): void {
    this.billingStatus = status;
    if (status === 'trial') {
      this.trialEndsAt = trialEndsAt ?? this.trialEndsAt ?? new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
    } else if (trialEndsAt !== undefined) {
      this.trialEndsAt = trialEndsAt;
    }
    this.updatedAt = now;
  }

  /** A supported language, kept canonical (`fr-ca` → `fr-CA`); answers whether it changed. */
  changeDefaultLocale(tag: string, now: Date): boolean {
    const locale = normaliseLocale(tag);
    if (locale === null)
      throw ValidationFailedError.single('default_locale', unsupportedLocaleMessage('default locale'));
    if (locale === this.defaultLocale) return false;
    this.defaultLocale = locale;
    this.updatedAt = now;
    return true;
  }
}
