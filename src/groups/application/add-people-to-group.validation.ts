import { FieldErrors, isUlid } from '@lib/core';
import { displayName, messages, rules } from '@lib/http';

/**
 * The element rules of `person_ids`, in Laravel's order and wording, keyed `person_ids.N`: a ULID, distinct
 * (every copy of a repeated id is reported, as Laravel's `distinct` does; ids are compared ignoring case),
 * and an active person of the organization.
 */
export function checkPersonIds(values: readonly unknown[], activePeople: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Map<string, number>();
  for (const value of values) {
    if (isUlid(value)) seen.set(value.toLowerCase(), (seen.get(value.toLowerCase()) ?? 0) + 1);
  }
  values.forEach((value, index) => {
    const field = `person_ids.${index}`;
    const attribute = displayName(field);
    if (!rules.string.test(value)) errors[field] = [rules.string.message(attribute)];
    else if (!rules.ulid.test(value)) errors[field] = [rules.ulid.message(attribute)];
    else if ((seen.get(value.toLowerCase()) ?? 0) > 1) errors[field] = [messages.distinct(attribute)];
    else if (!activePeople.has(value.toLowerCase())) errors[field] = [messages.invalidSelection(attribute)];
  });
  return errors;
}

/** The ids worth looking up: well-formed, lowercased. */
export function wellFormedPersonIds(values: readonly unknown[]): string[] {
  return [...new Set(values.filter(isUlid).map((value) => value.toLowerCase()))];
}
