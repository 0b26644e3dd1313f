import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { SignatureConfirmations } from '../../attestation-requests/application/signature-confirmations';
import { UnitOfWork } from '../../database/unit-of-work';
import type { MessageKey } from '../../i18n/translator';
import { Attestation, cleanTypedName, TYPED_NAME_MAX_LENGTH } from '../domain/attestation';
import { pageStateOf } from '../domain/page-state';
import { AttestationLedger } from './attestation-ledger';
import { AttestationPageContent } from './attestation-page-content';
import type { AttestationPage } from './attestation-page';
import { expireIfOverdue, lockRequestOfPage, PageKey } from './page-request';
import { SigningLinks } from './signing-links';

export interface SignAttestationInput {
  page: PageKey;
  /** The page's form passed its forgery check (decided at the edge, where the cookie is). */
  formIsGenuine: boolean;
  typedName: string;
  consent: boolean;
  /** The SHA-256 of the revision text the form was shown with. */
  shownContentSha256: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** What is wrong with a submitted form, per field, as messages the page shows in the signer's language. */
export type FormErrors = Partial<Record<'typed_name' | 'consent' | 'document' | 'decline_reason', MessageKey[]>>;

export type SignOutcome =
  /** Signed now; the request is `attested`. */
  | { outcome: 'signed'; page: AttestationPage; attestation: Attestation }
  /** Nothing changed: the name or the consent is missing, or the text shown is not the request's. */
  | { outcome: 'invalid'; page: AttestationPage; errors: FormErrors; typedName: string }
  /** Nothing changed: the form did not come from this request's page. */
  | { outcome: 'forged'; page: AttestationPage }
  /** Nothing changed: the request is no longer open (already signed, canceled, expired, on hold). */
  | { outcome: 'closed'; page: AttestationPage };

/**
 * The recipient submits the form with their typed name. On the locked request: a request no longer open changes
 * nothing (a replayed or double submission answers `closed`), a forged or incomplete form changes nothing, and
 * otherwise the request becomes `attested`, the audit entry and the confirmation email are written, in one
 * transaction.
 */
@Injectable()
export class SignAttestation {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly content: AttestationPageContent,
    private readonly ledger: AttestationLedger,
    private readonly links: SigningLinks,
    private readonly confirmations: SignatureConfirmations,
    private readonly clock: Clock,
  ) {}

  async execute(input: SignAttestationInput): Promise<SignOutcome> {
    return this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const request = await lockRequestOfPage(this.requests, this.links, input.page, now);
      const state = pageStateOf(request, now);
      await expireIfOverdue(this.requests, request, state, now);
      const page: AttestationPage = { state, request, ...(await this.content.find(request)) };
      if (state !== 'open') return { outcome: 'closed', page };
      if (!input.formIsGenuine) return { outcome: 'forged', page };

      const typedName = cleanTypedName(input.typedName);
      const errors = formErrors(typedName, input, page.revision.contentSha256);
      if (Object.keys(errors).length > 0) return { outcome: 'invalid', page, errors, typedName };

      // A request re-sent after a view, or signed from a form opened before the re-send, is `sent` again.
      if (request.status === 'sent') request.markViewed(now);
      request.markAttested(now);
      await this.requests.save(request);
      const attestation = Attestation.record({
        organizationId: request.organizationId,
        attestationRequestId: request.id,
        documentRevisionId: request.documentRevisionId,
        recipient: page.recipient,
        typedName,
        contentSha256: page.revision.contentSha256,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent,
        now,
      });
      await this.ledger.add(attestation);
      // The signer's copy, certificate attached, leaves through the outbox once this commits.
      await this.confirmations.confirm(request, now);
      return { outcome: 'signed', page: { ...page, state: 'attested' }, attestation };
    });
  }
}

function formErrors(typedName: string, input: SignAttestationInput, revisionSha256: string): FormErrors {
  const errors: FormErrors = {};
  if (typedName === '') errors.typed_name = ['page.form.typedNameRequired'];
  else if (typedName.length > TYPED_NAME_MAX_LENGTH) errors.typed_name = ['page.form.typedNameTooLong'];
  if (!input.consent) errors.consent = ['page.form.consentRequired'];
  // The revision of a request never changes, so this only fails for a tampered form; say so plainly anyway.
  if (input.shownContentSha256 !== revisionSha256) errors.document = ['page.form.documentChanged'];
  return errors;
}
