import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { EventsModule } from '../events/events.module';
import { ArchiveDocument } from './application/archive-document.use-case';
import { AuditedDocumentChange } from './application/audited-document-change';
import { CreateDocument } from './application/create-document.use-case';
import { DocumentListingRepository } from './application/document-listing.repository';
import { DocumentRepository } from './application/document.repository';
import { ListDocumentRevisions } from './application/list-document-revisions.use-case';
import { ListDocuments } from './application/list-documents.use-case';
import { PublishDocumentRevision } from './application/publish-document-revision.use-case';
import { RestoreDocument } from './application/restore-document.use-case';
import { ShowDocument } from './application/show-document.use-case';
import { ShowLatestRevision } from './application/show-latest-revision.use-case';
import { UpdateDocument } from './application/update-document.use-case';
import { DocumentPathGuard } from './http/document-path.guard';
import { DocumentsController } from './http/documents.controller';
import { TypeormDocumentListingRepository } from './infrastructure/typeorm-document-listing.repository';
import { TypeormDocumentRepository } from './infrastructure/typeorm-document.repository';
import { DocumentRecord } from './infrastructure/document.record';
import { DocumentRevisionRecord } from './infrastructure/document-revision.record';
import { DocumentAssignmentRecord } from './infrastructure/document-assignment.record';

const useCases = [
  CreateDocument,
  UpdateDocument,
  PublishDocumentRevision,
  ArchiveDocument,
  RestoreDocument,
  ShowDocument,
  ShowLatestRevision,
  ListDocuments,
  ListDocumentRevisions,
];

@Module({
  imports: [
    TypeOrmModule.forFeature([DocumentRecord, DocumentRevisionRecord, DocumentAssignmentRecord]),
    AuditLogModule,
    EventsModule,
  ],
  controllers: [DocumentsController],
  providers: [
    { provide: DocumentRepository, useClass: TypeormDocumentRepository },
    { provide: DocumentListingRepository, useClass: TypeormDocumentListingRepository },
    DocumentPathGuard,
    ...useCases,
    AuditedDocumentChange,
  ],
  exports: [...useCases, DocumentRepository, DocumentListingRepository],
})
export class DocumentsModule {}
