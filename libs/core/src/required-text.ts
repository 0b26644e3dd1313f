import { ValidationFailedError } from './errors/domain-error';

/**
 * `input` trimmed, refused in the contract's words when it is empty or longer than `maxLength` characters (code
 * points, as the database counts them). `field` is the input's snake_case name, as the 422 body keys it.
 */
export function requiredText(field: string, input: string, maxLength: number): string {
  const text = input.trim();
  const label = field.replaceAll('_', ' ');
  if (text === '') throw ValidationFailedError.single(field, `The ${label} field is required.`);
  if ([...text].length > maxLength) {
    throw ValidationFailedError.single(field, `The ${label} field must not be greater than ${maxLength} characters.`);
  }
  return text;
}
