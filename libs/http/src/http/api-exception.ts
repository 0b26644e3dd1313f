import { HttpException } from '@nestjs/common';

/**
 * An HTTP answer decided outside the domain (guards, body parsing): it carries the contract's exact body and
 * any headers, so the global filter can send it as it is.
 */
export class ApiException extends HttpException {
  constructor(
    status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(body, status);
  }

  static unauthenticated(): ApiException {
    return new ApiException(401, { error: 'Unauthenticated.' });
  }

  static forbidden(): ApiException {
    return new ApiException(403, { message: 'This action is unauthorized.' });
  }

  static paymentRequired(paymentUrl: string): ApiException {
    return new ApiException(402, {
      message: 'Your organization has no active trial or subscription.',
      payment_url: paymentUrl,
    });
  }

  static tooManyRequests(headers: Record<string, string>): ApiException {
    return new ApiException(429, { message: 'Too Many Attempts.' }, headers);
  }
}
