import { Injectable } from '@nestjs/common';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { SignatureConfirmations } from '../../attestation-requests/application/signature-confirmations';
import { Attestation, cleanTypedName, TYPED_NAME_MAX_LENGTH } from '../domain/attestation';
import { AttestationLedger } from './attestation-ledger';
import type { AttestationPage } from './attestation-page';
import type { FormErrors, InvalidOutcome, UnchangedOutcome } from './form-outcome';
import type { PageKey } from './page-request';
import { RequestPages } from './request-pages';

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

export type SignOutcome =
  /** Signed now; the request is `attested`. */
  | { outcome: 'signed'; page: AttestationPage; attestation: Attestation }
  /** Nothing changed: the name or the consent is missing, or the text shown is not the request's. */
  | InvalidOutcome<{ typedName: string }>
  | UnchangedOutcome;

/**
 * The recipient submits the form with their typed name. On the locked request: a request no longer open changes
 * nothing (a replayed or double submission answers `closed`), a forged or incomplete form changes nothing, and
 * otherwise the request becomes `attested`, the audit entry and the confirmation email are written, in one
 * transaction.
 */
@Injectable()
export class SignAttestation {
  constructor(
    private readonly pages: RequestPages,
    private readonly requests: AttestationRequestRepository,
    private readonly ledger: AttestationLedger,
    private readonly confirmations: SignatureConfirmations,
  ) {}

  async execute(input: SignAttestationInput): Promise<SignOutcome> {
    return this.pages.receive(input, async (page, now): Promise<SignOutcome> => {
      const { request } = page;
      const typedName = cleanTypedName(input.typedName);
      const errors = formErrors(typedName, input, page.revision.contentSha256);
      if (Object.keys(errors).length > 0) return { outcome: 'invalid', page, errors, typed: { typedName } };

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
