import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { isUniqueViolation } from '@lib/persistence';
import { UnitOfWork } from '../../database/unit-of-work';
import type { AttestationRequest, RequestDelivery } from '../domain/attestation-request';
import { assertNotArchived } from '../domain/request-targets';
import { DocumentAssignments } from './document-assignments';
import { RequestIssuer } from './request-issuer';
import { RequestTargets } from './request-targets';

/** A group add may issue a request for the same person and document between our check and our insert. */
const MAX_ATTEMPTS = 3;

export interface CreateAttestationRequestInput {
  organizationId: string;
  requestedByUserId: string;
  personId: string;
  documentId: string;
  recipientMessage?: string | null;
  /** `none`: no email; the integrator hands the page link over itself. Default `email`. */
  delivery?: RequestDelivery;
}

/**
 * Sends a published document to a person. Checks in the contract's order (404, 422 archived, 400 unpublished,
 * 422 no signature needed); then, in one transaction: the issuer cancels the older open request of that person
 * for that document, adds the new one and writes the email to the outbox, and the document is assigned.
 * The email is relayed to the queue once the transaction commits.
 */
@Injectable()
export class CreateAttestationRequest {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly targets: RequestTargets,
    private readonly issuer: RequestIssuer,
    private readonly assignments: DocumentAssignments,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateAttestationRequestInput): Promise<AttestationRequest> {
    const personId = input.personId.toLowerCase();
    const documentId = input.documentId.toLowerCase();
    const [recipient, document] = await Promise.all([
      this.targets.findRecipient(input.organizationId, personId),
      this.targets.findDocument(input.organizationId, documentId),
    ]);
    if (!recipient) throw new NotFoundError('Person not found.');
    if (!document) throw new NotFoundError('Document not found.');
    assertNotArchived(recipient, document);
    const revisionId = document.assertRequestable();

    for (let attempt = 1; ; attempt++) {
      try {
        return await this.unitOfWork.run(async () => {
          const now = this.clock.now();
          const [request] = await this.issuer.issue(
            [
              {
                organizationId: input.organizationId,
                documentId,
                documentRevisionId: revisionId,
                personId,
                recipientName: recipient.name,
                recipientEmail: recipient.email,
                source: 'oauth',
                recipientMessage: input.recipientMessage?.trim() ? input.recipientMessage : null,
                requestedByUserId: input.requestedByUserId,
                delivery: input.delivery ?? 'email',
              },
            ],
            { announceAs: 'request_sent', whenOpen: 'replace', now },
          );
          await this.assignments.assign({ organizationId: input.organizationId, documentId, personId, now });
          return request;
        });
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isUniqueViolation(error, 'attestation_requests_one_open')) throw error;
      }
    }
  }
}
