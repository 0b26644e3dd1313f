import { Injectable } from '@nestjs/common';
import {
  Clock,
  InvalidRequestError,
  isUniqueViolation,
  messages,
  NotFoundError,
  ValidationFailedError,
} from '@lib/common';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationOutbox } from '../../notifications/application/notification-outbox';
import { Notification } from '../../notifications/domain/notification';
import { AttestationRequest } from '../domain/attestation-request';
import { defaultExpiry } from '../domain/request-expiry';
import { AttestationLinks } from './attestation-links';
import { AttestationRequestRepository } from './attestation-request.repository';
import { DocumentAssignments } from './document-assignments';
import { RequestTargets } from './request-targets';

/** A group add may issue a request for the same person and document between our check and our insert. */
const MAX_ATTEMPTS = 3;

export interface CreateAttestationRequestInput {
  organizationId: string;
  requestedByUserId: string;
  personId: string;
  documentId: string;
  recipientMessage?: string | null;
}

/**
 * Sends a published document to a person. Checks in the contract's order (404, 422 archived, 400 unpublished,
 * 422 no signature needed); then, in one transaction: the older open request of that person for that document
 * is canceled, the new one is added, the document is assigned, and the email is written to the outbox.
 * The caller relays `notificationId` to the queue after answering.
 */
@Injectable()
export class CreateAttestationRequest {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly targets: RequestTargets,
    private readonly requests: AttestationRequestRepository,
    private readonly assignments: DocumentAssignments,
    private readonly outbox: NotificationOutbox,
    private readonly links: AttestationLinks,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(
    input: CreateAttestationRequestInput,
  ): Promise<{ request: AttestationRequest; notificationId: string }> {
    const personId = input.personId.toLowerCase();
    const documentId = input.documentId.toLowerCase();
    const [recipient, document] = await Promise.all([
      this.targets.findRecipient(input.organizationId, personId),
      this.targets.findDocument(input.organizationId, documentId),
    ]);
    if (!recipient) throw new NotFoundError('Person not found.');
    if (!document) throw new NotFoundError('Document not found.');
    const archived: Record<string, string[]> = {};
    if (recipient.archived) archived.person_id = [messages.invalidSelection('person id')];
    if (document.archived) archived.document_id = [messages.invalidSelection('document id')];
    if (Object.keys(archived).length > 0) throw new ValidationFailedError(archived);
    const revisionId = document.latestRevisionId;
    if (revisionId === null) throw new InvalidRequestError('The document has no published revision.');
    if (!document.requiresSignature) {
      throw ValidationFailedError.single('document_id', 'The document does not require a signature.');
    }

    for (let attempt = 1; ; attempt++) {
      try {
        return await this.unitOfWork.run(async () => {
          const now = this.clock.now();
          const older = await this.requests.lockOpenRequest(documentId, personId);
          if (older) {
            older.cancel(now);
            await this.requests.save(older);
          }
          const request = AttestationRequest.issue({
            organizationId: input.organizationId,
            documentId,
            documentRevisionId: revisionId,
            personId,
            recipientName: recipient.name,
            recipientEmail: recipient.email,
            source: 'oauth',
            recipientMessage: input.recipientMessage?.trim() ? input.recipientMessage : null,
            requestedByUserId: input.requestedByUserId,
            expiresAt: defaultExpiry(now, this.config.attestationRequestTtlDays),
            accessTokenHashFor: (id) => this.links.tokenHashFor(id),
            now,
          });
          await this.requests.add(request);
          await this.assignments.assign({ organizationId: input.organizationId, documentId, personId, now });
          const notification = Notification.announce({
            organizationId: input.organizationId,
            personId,
            kind: 'request_sent',
            attestationRequestIds: [request.id],
            now,
          });
          await this.outbox.addMany([notification]);
          return { request, notificationId: notification.id };
        });
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isUniqueViolation(error, 'attestation_requests_one_open')) throw error;
      }
    }
  }
}
