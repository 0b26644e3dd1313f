import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { StandingsModule } from '../standings/standings.module';
import { outboxQueueProvider } from '../outbox/outbox-queue.provider';
import { BulkActionRepository } from './application/bulk-action.repository';
import { BULK_ACTION_QUEUE, BulkActionQueue } from './application/bulk-action-queue';
import { RelayBulkActions } from './application/relay-bulk-actions';
import { ShowBulkAction } from './application/show-bulk-action.use-case';
import { StartBulkAction } from './application/start-bulk-action.use-case';
import { BulkActionRecord } from './infrastructure/bulk-action.record';
import { TypeormBulkActionRepository } from './infrastructure/typeorm-bulk-action.repository';

/** Bulk actions on a document's assignees: started by the console, run by the worker (BulkActionWorkerModule). */
@Module({
  imports: [TypeOrmModule.forFeature([BulkActionRecord]), AttestationRequestsModule, AuditLogModule, StandingsModule],
  providers: [
    { provide: BulkActionRepository, useClass: TypeormBulkActionRepository },
    outboxQueueProvider(BulkActionQueue, BULK_ACTION_QUEUE),
    RelayBulkActions,
    StartBulkAction,
    ShowBulkAction,
  ],
  exports: [BulkActionRepository, BulkActionQueue, RelayBulkActions, StartBulkAction, ShowBulkAction],
})
export class BulkActionsModule {}
