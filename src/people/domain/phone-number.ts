import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js';

export const PHONE_INPUT_MAX_LENGTH = 32;

/**
 * A phone number in international form ("+1 415-555-2671") as E.164 ("+14155552671"), or null when it is not
 * one: no country is assumed, so a number without its leading `+` and country code is refused.
 */
export function toE164(input: string): string | null {
  const text = input.trim();
  // Given no default country, isValidPhoneNumber refuses a number without its leading `+`; it never throws, and a
  // number it takes parses. The length bound keeps a long input away from the parser.
  if ([...text].length > PHONE_INPUT_MAX_LENGTH || !isValidPhoneNumber(text)) return null;
  return parsePhoneNumberWithError(text).number;
}
