import { DomainError, ValidationFailedError } from '@lib/core';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_LIFETIME_MS } from './idempotency-key';

/** A response as the client received it: the status and the exact JSON text of the body (null: no body). */
export interface ResponseSnapshot {
  status: number;
  body: string | null;
}

export interface IdempotentResponseProps {
  organizationId: string;
  key: string;
  fingerprint: string;
  response: ResponseSnapshot;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * The answer a key gave, kept so that the same request with the same key gets it again instead of running twice.
 * Keys belong to one organization: two organizations may use the same key for different requests.
 */
export class IdempotentResponse {
  private constructor(private readonly props: Readonly<IdempotentResponseProps>) {}

  /** Only successes are kept: a failure committed nothing, so the client may run the request again. */
  static isKept(status: number): boolean {
    return status >= 200 && status < 300;
  }

  static record(input: Omit<IdempotentResponseProps, 'expiresAt' | 'createdAt'> & { now: Date }): IdempotentResponse {
    if (!IdempotentResponse.isKept(input.response.status)) {
      throw new Error(`only 2xx responses are kept, not ${input.response.status}`);
    }
    return new IdempotentResponse({
      organizationId: input.organizationId,
      key: input.key,
      fingerprint: input.fingerprint,
      response: { ...input.response },
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS),
    });
  }

  static restore(props: IdempotentResponseProps): IdempotentResponse {
    return new IdempotentResponse({ ...props });
  }

  get response(): ResponseSnapshot {
    return { ...this.props.response };
  }

  /** Past its 24 hours the key is free, whether or not the sweep has removed it yet. */
  isExpired(now: Date): boolean {
    return this.props.expiresAt.getTime() <= now.getTime();
  }

  /** The stored answer for a request with this fingerprint; a different request may not reuse the key. */
  replayFor(fingerprint: string): ResponseSnapshot {
    if (fingerprint !== this.props.fingerprint) throw new IdempotencyKeyReusedError();
    return this.response;
  }

  toSnapshot(): IdempotentResponseProps {
    return { ...this.props, response: { ...this.props.response } };
  }
}

/** Another request still holds the key (in any API process): answered 409. */
export class IdempotencyKeyInProgressError extends DomainError {
  readonly code = 'conflict' as const;
  constructor() {
    super('A request with this Idempotency-Key is in progress.');
  }
}

/** The key answered another request (other method, path or body): answered 422 on the header. */
export class IdempotencyKeyReusedError extends ValidationFailedError {
  constructor() {
    super({ [IDEMPOTENCY_KEY_HEADER]: ['The Idempotency-Key has already been used for another request.'] });
  }
}
