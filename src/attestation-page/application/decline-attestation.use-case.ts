import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { DECLINE_REASON_MAX_LENGTH } from '../../attestation-requests/domain/attestation-request';
import { UnitOfWork } from '../../database/unit-of-work';
import { pageStateOf } from '../domain/page-state';
import { AttestationPageContent } from './attestation-page-content';
import type { AttestationPage } from './attestation-page';
import { expireIfOverdue, lockRequestOfPage, PageKey } from './page-request';
import type { FormErrors } from './sign-attestation.use-case';
import { SigningLinks } from './signing-links';

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
  | { outcome: 'invalid'; page: AttestationPage; errors: FormErrors; reason: string }
  /** Nothing changed: the form did not come from this request's page. */
  | { outcome: 'forged'; page: AttestationPage }
  /** Nothing changed: the request is no longer open. */
  | { outcome: 'closed'; page: AttestationPage };

/**
 * The recipient says no, with a reason or none. On the locked request, as a signature is: a request no longer open
 * or a forged form changes nothing; otherwise `attestation_request.declined` then `attestation_request.canceled`
 * are recorded with the request in one transaction, and the reason is kept for the evidence.
 */
@Injectable()
export class DeclineAttestation {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly content: AttestationPageContent,
    private readonly links: SigningLinks,
    private readonly clock: Clock,
  ) {}

  async execute(input: DeclineAttestationInput): Promise<DeclineOutcome> {
    return this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const request = await lockRequestOfPage(this.requests, this.links, input.page, now);
      const state = pageStateOf(request, now);
      await expireIfOverdue(this.requests, request, state, now);
      const page: AttestationPage = { state, request, ...(await this.content.find(request)) };
      if (state !== 'open') return { outcome: 'closed', page };
      if (!input.formIsGenuine) return { outcome: 'forged', page };
      // PostgreSQL text cannot hold U+0000; line ends as the browser sends them count once.
      const reason = input.reason.replaceAll('\u0000', '').replace(/\r\n/g, '\n').trim();
      if ([...reason].length > DECLINE_REASON_MAX_LENGTH) {
        return {
          outcome: 'invalid',
          page,
          reason,
          errors: { decline_reason: ['page.form.declineReasonTooLong'] },
        };
      }
      request.decline(now, reason);
      await this.requests.save(request);
      return { outcome: 'declined', page: { ...page, state: 'canceled' } };
    });
  }
}
