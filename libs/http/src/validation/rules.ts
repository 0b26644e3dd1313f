import { isUlid, normaliseLocale, unsupportedLocaleMessage } from '@lib/core';

/**
 * One validation rule in Laravel's wording, so clients that know Laravel's messages get the same ones.
 * `attribute` is the field name as Laravel displays it (underscores become spaces).
 */
export interface Rule {
  test(value: unknown): boolean;
  message(attribute: string): string;
}

/** Longer than any tag of a supported language and region; bounds what is parsed. */
export const LOCALE_INPUT_MAX_LENGTH = 35;

const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export const rules = {
  string: {
    // PostgreSQL text cannot hold U+0000: such a value would fail in the database (500) instead of here (422).
    test: (v) => typeof v === 'string' && !v.includes('\u0000'),
    message: (a) => `The ${a} field must be a string.`,
  },
  maxLength: (max: number): Rule => ({
    test: (v) => typeof v !== 'string' || [...v].length <= max,
    message: (a) => `The ${a} field must not be greater than ${max} characters.`,
  }),
  email: {
    test: (v) => typeof v === 'string' && EMAIL.test(v),
    message: (a) => `The ${a} field must be a valid email address.`,
  },
  boolean: {
    test: (v) => typeof v === 'boolean',
    message: (a) => `The ${a} field must be true or false.`,
  },
  integer: {
    test: (v) => Number.isSafeInteger(v), // false for anything but a number
    message: (a) => `The ${a} field must be an integer.`,
  },
  min: (min: number): Rule => ({
    test: (v) => typeof v !== 'number' || v >= min,
    message: (a) => `The ${a} field must be at least ${min}.`,
  }),
  max: (max: number): Rule => ({
    test: (v) => typeof v !== 'number' || v <= max,
    message: (a) => `The ${a} field must not be greater than ${max}.`,
  }),
  oneOf: (allowed: readonly string[]): Rule => ({
    test: (v) => typeof v === 'string' && allowed.includes(v),
    message: (a) => `The selected ${a} is invalid.`,
  }),
  ulid: {
    test: (v) => isUlid(v),
    message: (a) => `The ${a} field must be a valid ULID.`,
  },
  /** A supported language (BCP 47, a region may follow); any refusal, a too long tag included, lists them. */
  locale: {
    test: (v) => typeof v === 'string' && v.length <= LOCALE_INPUT_MAX_LENGTH && normaliseLocale(v) !== null,
    message: (a) => unsupportedLocaleMessage(a),
  },
  array: {
    test: (v) => Array.isArray(v),
    message: (a) => `The ${a} field must be an array.`,
  },
  minItems: (min: number): Rule => ({
    test: (v) => !Array.isArray(v) || v.length >= min,
    message: (a) => `The ${a} field must have at least ${min} ${min === 1 ? 'item' : 'items'}.`,
  }),
  maxItems: (max: number): Rule => ({
    test: (v) => !Array.isArray(v) || v.length <= max,
    message: (a) => `The ${a} field must not have more than ${max} items.`,
  }),
} satisfies Record<string, Rule | ((n: never) => Rule)>;

export const messages = {
  required: (a: string) => `The ${a} field is required.`,
  distinct: (a: string) => `The ${a} field has a duplicate value.`,
  taken: (a: string) => `The ${a} has already been taken.`,
  invalidSelection: (a: string) => `The selected ${a} is invalid.`,
};

/** Laravel shows `person_ids.3` as "person ids.3" and `per_page` as "per page". */
export function displayName(field: string): string {
  return field.replace(/_/g, ' ');
}

/** Laravel's "required": absent, null, a blank string and an empty array all count as missing. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
