import { DomainError, ValidationFailedError } from '@lib/core';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_LIFETIME_MS } from './idempotency-key';

/** A response as the client received it: the status and the exact JSON text of the body (null: no body). */
export interface ResponseSnapshot {
  status: number;
  body: string | null;
}

/**
 * A stored answer whose body can no longer be read: it was encrypted under an `APP_KEY` the service no longer has
 * (or its bytes were altered). Its request was performed all the same; it is neither replayed nor run again.
 */
export const UNREADABLE_RESPONSE = 'unreadable' as const;

export interface IdempotentResponseProps {
  organizationId: string;
  key: string;
  fingerprint: string;
  response: ResponseSnapshot | typeof UNREADABLE_RESPONSE;
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

  static record(
    input: Omit<IdempotentResponseProps, 'expiresAt' | 'createdAt' | 'response'> & {
      response: ResponseSnapshot;
      now: Date;
    },
  ): IdempotentResponse {
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

  get response(): ResponseSnapshot | typeof UNREADABLE_RESPONSE {
    const response = this.props.response;
    return response === UNREADABLE_RESPONSE ? response : { ...response };
  }

  /** Past its 24 hours the key is free, whether or not the sweep has removed it yet. */
  isExpired(now: Date): boolean {
    return this.props.expiresAt.getTime() <= now.getTime();
  }

  /**
   * The stored answer for a request with this fingerprint; a different request may not reuse the key. The same
   * request whose answer can no longer be read is refused too (422), never run a second time.
   */
  replayFor(fingerprint: string): ResponseSnapshot {
    if (fingerprint !== this.props.fingerprint) throw new IdempotencyKeyReusedError();
    const response = this.response;
    if (response === UNREADABLE_RESPONSE) throw new IdempotentAnswerUnreadableError();
    return response;
  }

  toSnapshot(): IdempotentResponseProps {
    return { ...this.props, response: this.response };
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

export const UNREADABLE_ANSWER_MESSAGE =
  'The request with this Idempotency-Key was already performed, but its stored answer can no longer be read ' +
  "(the service's encryption key was changed); it is not run again.";

/**
 * The same request as the key's, whose stored answer cannot be decrypted any more (APP_KEY changed): 422 on the
 * header, like a reused key, because retrying cannot help (a 409 would tell the client to retry) and running the
 * request again would repeat its effect.
 */
export class IdempotentAnswerUnreadableError extends ValidationFailedError {
  constructor() {
    super({ [IDEMPOTENCY_KEY_HEADER]: [UNREADABLE_ANSWER_MESSAGE] });
  }
}
