import { FieldErrors, isUlid } from '@lib/core';
import { displayName, messages, rules } from '@lib/http';

/**
 * The element rules of an id list such as `person_ids` or `document_ids`, in Laravel's order and wording, keyed
 * `<field>.N`: a string, a ULID, distinct (every copy of a repeated id is reported, as Laravel's `distinct` does;
 * ids are compared ignoring case), and one of `valid` (e.g. the organization's active people).
 */
export function checkIds(field: string, values: readonly unknown[], valid: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Map<string, number>();
  for (const value of values) {
    if (isUlid(value)) seen.set(value.toLowerCase(), (seen.get(value.toLowerCase()) ?? 0) + 1);
  }
  values.forEach((value, index) => {
    const key = `${field}.${index}`;
    const attribute = displayName(key);
    if (!rules.string.test(value)) errors[key] = [rules.string.message(attribute)];
    else if (!rules.ulid.test(value)) errors[key] = [rules.ulid.message(attribute)];
    else if ((seen.get(value.toLowerCase()) ?? 0) > 1) errors[key] = [messages.distinct(attribute)];
    else if (!valid.has(value.toLowerCase())) errors[key] = [messages.invalidSelection(attribute)];
  });
  return errors;
}

/** `person_ids.N`: each an active person of the organization. */
export function checkPersonIds(values: readonly unknown[], activePeople: ReadonlySet<string>): FieldErrors {
  return checkIds('person_ids', values, activePeople);
}

/** The ids worth looking up: well-formed, lowercased. */
export function wellFormedIds(values: readonly unknown[]): string[] {
  return [...new Set(values.filter(isUlid).map((value) => value.toLowerCase()))];
}

export const wellFormedPersonIds = wellFormedIds;
