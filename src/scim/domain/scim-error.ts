/** RFC 7644 §3.12's `scimType`s this service answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'noTarget'
  | 'mutability'
  | 'uniqueness'
  | 'tooMany';

/**
 * A failure in SCIM's own terms (the door's shape, RFC 7644 §3.12): its HTTP status and `scimType`. Thrown by the
 * SCIM door's parsing and mapping only; the use-cases behind it keep their domain errors, which the door's filter
 * translates.
 */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | null,
    detail: string,
  ) {
    super(detail);
  }

  static badRequest(scimType: ScimType, detail: string): ScimError {
    return new ScimError(400, scimType, detail);
  }

  static notFound(detail = 'Resource not found.'): ScimError {
    return new ScimError(404, null, detail);
  }
}
