import type { MessageKey } from '../../i18n/translator';
import type { AttestationPage } from './attestation-page';

/** What is wrong with a submitted form, per field, as messages the page shows in the signer's language. */
export type FormErrors = Partial<Record<'typed_name' | 'consent' | 'document' | 'decline_reason', MessageKey[]>>;

/** A form of the page (sign or decline) that changed nothing, and why. */
export type UnchangedOutcome =
  /** The form did not come from this request's page. */
  | { outcome: 'forged'; page: AttestationPage }
  /** The request is no longer open (already signed, canceled, expired, on hold). */
  | { outcome: 'closed'; page: AttestationPage };

/** Nothing changed: the form's fields are wrong; `typed` is what the recipient typed, to show again. */
export type InvalidOutcome<Typed> = { outcome: 'invalid'; page: AttestationPage; errors: FormErrors; typed: Typed };
