import {
  applyChanges,
  archiveState,
  Entity,
  Locale,
  newId,
  normaliseLocale,
  unarchiveState,
  unsupportedLocaleMessage,
  ValidationFailedError,
} from '@lib/core';
import { toE164 } from './phone-number';

export const PERSON_SOURCES = ['oauth', 'web', 'system', 'partner_center'] as const;
export type PersonSource = (typeof PERSON_SOURCES)[number];

export const PERSON_NAME_MAX_LENGTH = 255;
export const PERSON_EMAIL_MAX_LENGTH = 255;

export interface PersonProps {
  id: string;
  organizationId: string;
  firstName: string | null;
  lastName: string;
  email: string;
  /** E.164, e.g. +14155552671. */
  phone: string | null;
  source: PersonSource;
  sourceId: string | null;
  /** The directory's own id for the person (SCIM `externalId`); unique in the organization when set. */
  externalId: string | null;
  /** The directory's login (SCIM `userName`), unique in the organization ignoring case; set only by provisioning. */
  userName: string | null;
  /** The language they read (BCP 47, canonical); null: the organization's `default_locale`. */
  locale: Locale | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Someone in an organization who can be placed in groups and asked to attest documents. */
export class Person extends Entity.exposing<PersonProps>()(
  'id',
  'organizationId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'source',
  'sourceId',
  'externalId',
  'userName',
  'locale',
  'archivedAt',
  'createdAt',
  'updatedAt',
) {
  /**
   * Names and email are trimmed and an empty first name is no first name; the phone must be an international
   * number and is kept in E.164; a locale must be a supported language and is kept canonical (`pt-br` → `pt-BR`).
   * Callers outside HTTP (CLI, seeds, SCIM) get the same rules as the API.
   */
  static create(input: {
    organizationId: string;
    firstName?: string | null;
    lastName: string;
    email: string;
    phone?: string | null;
    source: PersonSource;
    sourceId?: string | null;
    externalId?: string | null;
    userName?: string | null;
    locale?: string | null;
    now: Date;
  }): Person {
    const firstName = input.firstName?.trim() || null;
    const lastName = input.lastName.trim();
    const email = input.email.trim();
    const errors: Record<string, string[]> = {};
    if (lastName === '') errors.last_name = ['The last name field is required.'];
    if ([...lastName].length > PERSON_NAME_MAX_LENGTH)
      errors.last_name = ['The last name field must not be greater than 255 characters.'];
    if (firstName !== null && [...firstName].length > PERSON_NAME_MAX_LENGTH) {
      errors.first_name = ['The first name field must not be greater than 255 characters.'];
    }
    if (email === '') errors.email = ['The email field is required.'];
    if ([...email].length > PERSON_EMAIL_MAX_LENGTH)
      errors.email = ['The email field must not be greater than 255 characters.'];
    let phone: string | null = null;
    if (input.phone != null && input.phone.trim() !== '') {
      phone = toE164(input.phone);
      if (phone === null) errors.phone = ['The phone field must be a valid phone number.'];
    }
    const externalId = directoryName(input.externalId, 'external_id', errors);
    const userName = directoryName(input.userName, 'user_name', errors);
    let locale: Locale | null = null;
    if (input.locale != null && input.locale.trim() !== '') {
      locale = normaliseLocale(input.locale);
      if (locale === null) errors.locale = [unsupportedLocaleMessage('locale')];
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
    return new Person({
      id: newId(),
      organizationId: input.organizationId,
      firstName,
      lastName,
      email,
      phone,
      source: input.source,
      sourceId: input.sourceId ?? null,
      externalId,
      userName,
      locale,
      archivedAt: null,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  /** "First Last", or the last name alone. */
  get name(): string {
    return this.firstName === null ? this.lastName : `${this.firstName} ${this.lastName}`;
  }

  get isArchived(): boolean {
    return this.archivedAt !== null;
  }

  /** Archiving twice keeps the first date. */
  archive(now: Date): void {
    archiveState(this.props, now);
  }

  /** Back among the active people; restoring an active person changes nothing. */
  restore(now: Date): void {
    unarchiveState(this.props, now);
  }

  /**
   * Changes the given details with the rules of `create` (absent ones stay; a null or empty first name, phone or
   * locale clears it). Answers whether anything changed: `updatedAt` moves only then.
   */
  update(changes: PersonChanges, now: Date): boolean {
    const next = Person.create({
      organizationId: this.organizationId,
      firstName: changes.firstName === undefined ? this.firstName : changes.firstName,
      lastName: changes.lastName ?? this.lastName,
      email: changes.email ?? this.email,
      phone: changes.phone === undefined ? this.phone : changes.phone,
      externalId: changes.externalId === undefined ? this.externalId : changes.externalId,
      userName: changes.userName === undefined ? this.userName : changes.userName,
      locale: changes.locale === undefined ? this.locale : changes.locale,
      source: this.source,
      now,
    });
    const { firstName, lastName, email, phone, externalId, userName, locale } = next;
    return applyChanges(this.props, { firstName, lastName, email, phone, externalId, userName, locale }, now);
  }
}

/** What `Person.update` may change; `undefined` leaves a detail as it is. */
export interface PersonChanges {
  firstName?: string | null;
  lastName?: string;
  email?: string;
  phone?: string | null;
  /** null clears it (the directory no longer names the person). */
  externalId?: string | null;
  userName?: string | null;
  locale?: string | null;
}

/** A directory's name for the person: trimmed, empty is none, at most 255 characters. */
function directoryName(value: string | null | undefined, field: string, errors: Record<string, string[]>) {
  const trimmed = value?.trim() || null;
  if (trimmed !== null && [...trimmed].length > PERSON_NAME_MAX_LENGTH) {
    errors[field] = [`The ${field.replace('_', ' ')} field must not be greater than 255 characters.`];
  }
  return trimmed;
}
