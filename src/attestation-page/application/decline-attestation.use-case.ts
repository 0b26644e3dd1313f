import { Injectable } from '@nestjs/common';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { DECLINE_REASON_MAX_LENGTH } from '../../attestation-requests/domain/attestation-request';
import type { AttestationPage } from './attestation-page';
import type { InvalidOutcome, UnchangedOutcome } from './form-outcome';
import type { PageKey } from './page-request';
import { RequestPages } from './request-pages';

export interface DeclineAttestationInput {
  page: PageKey;
  /** The page's form passed its forgery check (decided at the edge, where the cookie is). */
  formIsGenuine: boolean;
  /** The recipient's words, optional. */
  reason: string;
}

export type DeclineOutcome =
  /** Declined now; the request is `canceled` with `cancel_reason` `declined`. */
  | { outcome: 'declined'; page: AttestationPage }
  /** Nothing changed: the reason is too long. */
  | InvalidOutcome<{ declineReason: string }>
  | UnchangedOutcome;

/**
 * The recipient says no, with a reason or none. On the locked request, as a signature is: a request no longer open
 * or a forged form changes nothing; otherwise `attestation_request.declined` then `attestation_request.canceled`
 * are recorded with the request in one transaction, and the reason is kept for the evidence.
 */
@Injectable()
export class DeclineAttestation {
  constructor(
    private readonly pages: RequestPages,
    private readonly requests: AttestationRequestRepository,
  ) {}

  async execute(input: DeclineAttestationInput): Promise<DeclineOutcome> {
    return this.pages.receive(input, async (page, now): Promise<DeclineOutcome> => {
      // PostgreSQL text cannot hold U+0000; line ends as the browser sends them count once.
      const reason = input.reason.replaceAll('\u0000', '').replace(/\r\n/g, '\n').trim();
      if ([...reason].length > DECLINE_REASON_MAX_LENGTH) {
        return {
          outcome: 'invalid',
          page,
          typed: { declineReason: reason },
          errors: { decline_reason: ['page.form.declineReasonTooLong'] },
        };
      }
      page.request.decline(now, reason);
      await this.requests.save(page.request);
      return { outcome: 'declined', page: { ...page, state: 'canceled' } };
    });
  }
}
