import { normaliseLocale } from '@lib/core';
import { ScimError } from './scim-error';
import { booleanOf, isObject, PatchOperation } from './scim-patch';
import { ENTERPRISE_USER_SCHEMA, isMappedUserAttribute, USER_SCHEMA, userAttribute } from './scim-schemas';

/** A person as SCIM sees them, in the words of the mapping (docs/scim.md). */
export interface ScimUserState {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  email: string;
  phone: string | null;
  /** `preferredLanguage` as the person's locale: a supported language, else null (the organization's default). */
  locale: string | null;
  active: boolean;
}

/** What a request said about the user: the state it leads to, and a display name to take names from. */
interface Draft extends Partial<ScimUserState> {
  displayName?: string | null;
  /** Whether the request named given or family name itself (then `displayName` does not override them). */
  namedParts?: boolean;
}

/** The person's details that a user resource or PATCH leads to. `displayName` fills the names when they are absent. */
export function userFromResource(body: unknown, current: ScimUserState | null): ScimUserState {
  if (!isObject(body)) throw ScimError.badRequest('invalidSyntax', 'A User must be a JSON object.');
  checkSchemas(body.schemas);
  const draft: Draft = {};
  for (const [key, value] of Object.entries(body)) {
    const attribute = userAttribute(key);
    if (attribute === null) throw ScimError.badRequest('invalidValue', `Unknown attribute "${key}" for a User.`);
    // set() changes the mapped attributes only: id, meta and the ignored ones leave the draft as it is.
    set(draft, attribute, null, value);
  }
  if (draft.userName === undefined) throw ScimError.badRequest('invalidValue', 'userName is required.');
  // PUT replaces the resource: what it does not say is cleared, except `active`, which stays as it is when absent.
  const base: Partial<ScimUserState> = {
    externalId: null,
    givenName: null,
    familyName: null,
    phone: null,
    locale: null,
  };
  return settle({ ...base, ...draft }, { ...(current ?? {}), ...base });
}

/** The state after the operations, applied in order (RFC 7644 §3.5.2). */
export function userAfterPatch(current: ScimUserState, operations: readonly PatchOperation[]): ScimUserState {
  const draft: Draft = {};
  for (const { op, path, value } of operations) {
    const attribute = userAttribute(path.attribute);
    if (attribute === null) throw ScimError.badRequest('invalidPath', `Unknown attribute "${path.attribute}".`);
    if (attribute === 'id') throw new ScimError(400, 'mutability', 'id cannot be changed.');
    if (attribute === 'meta' || !isMappedUserAttribute(attribute)) continue;
    if (op === 'remove') remove(draft, attribute, path.subAttribute, path.filter !== null);
    else set(draft, attribute, path.subAttribute, value);
  }
  return settle(draft, current);
}

function checkSchemas(schemas: unknown): void {
  if (!Array.isArray(schemas) || !schemas.includes(USER_SCHEMA)) {
    throw ScimError.badRequest('invalidSyntax', `A User must name the schema ${USER_SCHEMA}.`);
  }
  const unknown = schemas.find((schema) => schema !== USER_SCHEMA && schema !== ENTERPRISE_USER_SCHEMA);
  if (unknown !== undefined) throw ScimError.badRequest('invalidSyntax', `Unknown schema ${JSON.stringify(unknown)}.`);
}

function set(draft: Draft, attribute: string, sub: string | null, value: unknown): void {
  switch (attribute) {
    case 'userName':
      draft.userName = text(value, 'userName');
      return;
    case 'externalId':
      draft.externalId = text(value, 'externalId');
      return;
    case 'displayName':
      draft.displayName = text(value, 'displayName');
      return;
    case 'preferredLanguage':
      draft.locale = languageOf(text(value, 'preferredLanguage'));
      return;
    case 'active': {
      const active = booleanOf(value);
      if (typeof active !== 'boolean') throw ScimError.badRequest('invalidValue', 'active must be a boolean.');
      draft.active = active;
      return;
    }
    case 'name':
      return setName(draft, sub, value);
    case 'emails':
      if (sub === null && !Array.isArray(value)) throw ScimError.badRequest('invalidValue', 'emails must be a list.');
      if (Array.isArray(value)) {
        const email = preferred(value, ['work']);
        if (email !== null) draft.email = email;
      } else draft.email = text(value, 'emails.value');
      return;
    case 'phoneNumbers':
      if (Array.isArray(value)) draft.phone = preferred(value, ['work', 'mobile']);
      else if (sub !== null) draft.phone = text(value, 'phoneNumbers.value');
      else throw ScimError.badRequest('invalidValue', 'phoneNumbers must be a list.');
      return;
  }
}

function setName(draft: Draft, sub: string | null, value: unknown): void {
  const parts: Record<string, unknown> = sub === null ? (isObject(value) ? value : {}) : { [sub]: value };
  if (sub === null && !isObject(value)) throw ScimError.badRequest('invalidValue', 'name must be an object.');
  for (const [key, part] of Object.entries(parts)) {
    const name = key.toLowerCase();
    const clear = part === null || part === '';
    if (name === 'givenname') draft.givenName = clear ? null : text(part, 'name.givenName');
    else if (name === 'familyname') draft.familyName = clear ? null : text(part, 'name.familyName');
    else continue; // formatted, middleName, honorifics: not mapped
    draft.namedParts = true;
  }
}

function remove(draft: Draft, attribute: string, sub: string | null, filtered: boolean): void {
  switch (attribute) {
    case 'externalId':
      draft.externalId = null;
      return;
    case 'phoneNumbers':
      draft.phone = null;
      return;
    case 'preferredLanguage':
      draft.locale = null;
      return;
    case 'displayName':
      return;
    case 'name':
      if (sub === null || sub.toLowerCase() === 'givenname') draft.givenName = null;
      if (sub === null || sub.toLowerCase() === 'familyname') draft.familyName = null;
      draft.namedParts = true;
      return;
    default:
      throw new ScimError(
        400,
        'mutability',
        `${attribute}${filtered ? ' (filtered)' : ''} is required: it cannot be removed.`,
      );
  }
}

/** The state a draft leads to from `current`; the names from `displayName` when the request named neither part. */
function settle(draft: Draft, current: Partial<ScimUserState>): ScimUserState {
  // A draft holds no undefined value (each key is set to what the request said), so it overrides `current` as is.
  const next = { ...current, ...draft } as Partial<ScimUserState>;
  // Without named parts the draft has no given or family name of its own: both come from displayName.
  if (draft.displayName && !draft.namedParts) {
    const words = draft.displayName.trim().split(/\s+/);
    next.familyName = words.length > 1 ? words.pop()! : words[0];
    next.givenName = words.join(' ') !== next.familyName ? words.join(' ') : null;
  }
  if (!next.familyName) {
    throw ScimError.badRequest('invalidValue', 'name.familyName (or displayName) is required.');
  }
  if (!next.email) {
    if (next.userName?.includes('@')) next.email = next.userName;
    else throw ScimError.badRequest('invalidValue', 'An email is required (emails, or a userName that is one).');
  }
  return {
    userName: next.userName!,
    externalId: next.externalId ?? null,
    givenName: next.givenName ?? null,
    familyName: next.familyName,
    email: next.email,
    phone: next.phone ?? null,
    locale: next.locale ?? null,
    active: next.active ?? true,
  };
}

/** The primary entry's value, else the first of the preferred types, else the first; null for an empty list. */
function preferred(entries: unknown[], types: readonly string[]): string | null {
  const valid = entries.filter(isObject);
  if (valid.length !== entries.length) throw ScimError.badRequest('invalidValue', 'Each entry must be an object.');
  const chosen =
    valid.find((entry) => booleanOf(entry.primary) === true) ??
    types.map((type) => valid.find((entry) => String(entry.type).toLowerCase() === type)).find(Boolean) ??
    valid[0];
  return chosen === undefined ? null : text(chosen.value, 'value');
}

/**
 * The first language of an Accept-Language-style value (`"fr-CA, fr;q=0.8"`, RFC 7643 §4.1.2) if it is one the
 * signer's side is written in; else none, so the organization's default applies: a directory's user is never refused
 * for a language we do not translate into.
 */
function languageOf(value: string): string | null {
  return normaliseLocale(value.split(',')[0].split(';')[0]);
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw ScimError.badRequest('invalidValue', `${name} must be a string.`);
  return value;
}
