import { DynamicModule, Module } from '@nestjs/common';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { RunBulkAction } from './application/run-bulk-action.use-case';
import { BulkActionConsumer } from './bulk-action-consumer';
import { BulkActionsModule } from './bulk-actions.module';

/** The running side of bulk actions: loaded by the worker, and by the API itself in the embedded mode. */
@Module({})
export class BulkActionWorkerModule {
  static forRoot(): DynamicModule {
    return {
      module: BulkActionWorkerModule,
      imports: [BulkActionsModule, AttestationRequestsModule],
      providers: [RunBulkAction, BulkActionConsumer],
      exports: [RunBulkAction],
    };
  }
}
