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
