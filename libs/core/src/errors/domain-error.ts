/**
 * Errors raised by domain and application code. They carry a stable code and never an HTTP status:
 * the worker and the admin CLI reuse the same use-cases. The global filter maps codes to responses.
 */
export type DomainErrorCode = 'not_found' | 'validation_failed' | 'invalid_request' | 'illegal_transition' | 'conflict';

export type FieldErrors = Record<string, string[]>;

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
}

/** The resource does not exist in the caller's organization (another organization's row looks the same). */
export class NotFoundError extends DomainError {
  readonly code = 'not_found' as const;
  constructor(message = 'Not found.') {
    super(message);
  }
}

/** Input that passed the shape checks but breaks a rule: answered as the contract's 422 body. */
export class ValidationFailedError extends DomainError {
  readonly code = 'validation_failed' as const;
  constructor(readonly errors: FieldErrors) {
    super(summariseFieldErrors(errors));
  }

  static single(field: string, message: string): ValidationFailedError {
    return new ValidationFailedError({ [field]: [message] });
  }
}

/** A request the contract answers with 400, e.g. a document without a published revision. */
export class InvalidRequestError extends DomainError {
  readonly code = 'invalid_request' as const;
}

/** A state change the domain model does not allow. */
export class IllegalTransitionError extends DomainError {
  readonly code = 'illegal_transition' as const;
}

/** Laravel's summary: the first message, then " (and N more errors)" when there are others. */
export function summariseFieldErrors(errors: FieldErrors): string {
  const messages = Object.values(errors).flat();
  if (messages.length === 0) return 'The given data was invalid.';
  const rest = messages.length - 1;
  if (rest === 0) return messages[0];
  return `${messages[0]} (and ${rest} more ${rest === 1 ? 'error' : 'errors'})`;
}
