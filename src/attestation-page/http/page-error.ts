import type { MessageKey } from '../../i18n/translator';

/** A failure the page answers with its own HTML (status, heading, explanation), never the API's JSON. */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly explanation: string,
  ) {
    super(title);
  }
}

/** A form the attestation page cannot read (not ours, too large): a page in the reader's language. */
export class UnreadableFormError extends Error {
  constructor(
    readonly status: number,
    readonly title: MessageKey,
  ) {
    super(title);
  }
}
