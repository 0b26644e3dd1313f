import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnnouncedRequests } from '../notifications/application/announced-requests';
import { NotificationsModule } from '../notifications/notifications.module';
import { EventsModule } from '../events/events.module';
import { AttestationLinks } from './application/attestation-links';
import { AttestationRequestListing } from './application/attestation-request-listing';
import { AttestationRequestRepository } from './application/attestation-request.repository';
import { CancelAttestationRequest } from './application/cancel-attestation-request.use-case';
import { CreateAttestationRequest } from './application/create-attestation-request.use-case';
import { DocumentAssignments } from './application/document-assignments';
import { ExpireOverdueRequests } from './application/expire-overdue-requests.use-case';
import { ListAttestationRequests } from './application/list-attestation-requests.use-case';
import { RemindAttestationRequest } from './application/remind-attestation-request.use-case';
import { RenewDueAttestations } from './application/renew-due-attestations.use-case';
import { RequestIssuer } from './application/request-issuer';
import { RequestTargets } from './application/request-targets';
import { ResendAttestationRequest } from './application/resend-attestation-request.use-case';
import { SignatureConfirmations } from './application/signature-confirmations';
import { SendDueReminders } from './application/send-due-reminders.use-case';
import { ShowAttestationRequest } from './application/show-attestation-request.use-case';
import { AttestationRequestsController } from './http/attestation-requests.controller';
import { RequestsForDelivery } from './infrastructure/requests-for-delivery';
import { TypeormAttestationRequestListing } from './infrastructure/typeorm-attestation-request-listing';
import { TypeormAttestationRequestRepository } from './infrastructure/typeorm-attestation-request.repository';
import { TypeormDocumentAssignments } from './infrastructure/typeorm-document-assignments';
import { TypeormRequestTargets } from './infrastructure/typeorm-request-targets';
import { AttestationRequestRecord } from './infrastructure/attestation-request.record';

const useCases = [
  CreateAttestationRequest,
  ListAttestationRequests,
  ShowAttestationRequest,
  CancelAttestationRequest,
  RemindAttestationRequest,
  ResendAttestationRequest,
  ExpireOverdueRequests,
  SendDueReminders,
  RenewDueAttestations,
];

/**
 * Attestation requests: the request issuer every issuing path calls, the use-cases, and the requests' side of
 * the notifications port (AnnouncedRequests), which the composition root hands to the notification worker.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AttestationRequestRecord]), NotificationsModule, EventsModule],
  controllers: [AttestationRequestsController],
  providers: [
    { provide: AttestationRequestRepository, useClass: TypeormAttestationRequestRepository },
    { provide: AttestationRequestListing, useClass: TypeormAttestationRequestListing },
    { provide: RequestTargets, useClass: TypeormRequestTargets },
    { provide: DocumentAssignments, useClass: TypeormDocumentAssignments },
    { provide: AnnouncedRequests, useClass: RequestsForDelivery },
    AttestationLinks,
    RequestIssuer,
    SignatureConfirmations,
    ...useCases,
  ],
  exports: [
    AttestationRequestRepository,
    AttestationLinks,
    RequestIssuer,
    SignatureConfirmations,
    RequestTargets,
    AnnouncedRequests,
    ...useCases,
  ],
})
export class AttestationRequestsModule {}
