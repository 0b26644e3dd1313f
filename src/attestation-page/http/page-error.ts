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

/**
 * A refusal the attestation page answers with a page of its own in the reader's language (a form it cannot read,
 * a page not open in this browser): its status, heading and explanation as messages.
 */
export class PageProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: MessageKey,
    readonly explanation: MessageKey,
  ) {
    super(title);
  }
}
