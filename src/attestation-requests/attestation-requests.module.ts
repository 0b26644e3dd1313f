import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { AttestationLinks } from './application/attestation-links';
import { AttestationRequestRepository } from './application/attestation-request.repository';
import { CancelAttestationRequest } from './application/cancel-attestation-request.use-case';
import { CreateAttestationRequest } from './application/create-attestation-request.use-case';
import { DocumentAssignments } from './application/document-assignments';
import { ExpireOverdueRequests } from './application/expire-overdue-requests.use-case';
import { RenewDueAttestations } from './application/renew-due-attestations.use-case';
import { ResendAttestationRequest } from './application/resend-attestation-request.use-case';
import { SendDueReminders } from './application/send-due-reminders.use-case';
import { RequestTargets } from './application/request-targets';
import { AttestationRequestsController } from './http/attestation-requests.controller';
import { TypeormAttestationRequestRepository } from './infrastructure/typeorm-attestation-request.repository';
import { TypeormDocumentAssignments } from './infrastructure/typeorm-document-assignments';
import { TypeormRequestTargets } from './infrastructure/typeorm-request-targets';

@Module({
  imports: [NotificationsModule],
  controllers: [AttestationRequestsController],
  providers: [
    { provide: AttestationRequestRepository, useClass: TypeormAttestationRequestRepository },
    { provide: RequestTargets, useClass: TypeormRequestTargets },
    { provide: DocumentAssignments, useClass: TypeormDocumentAssignments },
    AttestationLinks,
    CreateAttestationRequest,
    CancelAttestationRequest,
    ResendAttestationRequest,
    ExpireOverdueRequests,
    SendDueReminders,
    RenewDueAttestations,
  ],
  exports: [
    AttestationRequestRepository,
    AttestationLinks,
    CreateAttestationRequest,
    CancelAttestationRequest,
    ResendAttestationRequest,
    ExpireOverdueRequests,
    SendDueReminders,
    RenewDueAttestations,
  ],
})
export class AttestationRequestsModule {}
