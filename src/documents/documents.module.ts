import { Module } from '@nestjs/common';
import { ArchiveDocument } from './application/archive-document.use-case';
import { CreateDocument } from './application/create-document.use-case';
import { DocumentListingRepository } from './application/document-listing.repository';
import { DocumentRepository } from './application/document.repository';
import { ListDocuments } from './application/list-documents.use-case';
import { PublishDocumentRevision } from './application/publish-document-revision.use-case';
import { ShowDocument } from './application/show-document.use-case';
import { DocumentsController } from './http/documents.controller';
import { TypeormDocumentListingRepository } from './infrastructure/typeorm-document-listing.repository';
import { TypeormDocumentRepository } from './infrastructure/typeorm-document.repository';

const useCases = [CreateDocument, PublishDocumentRevision, ArchiveDocument, ShowDocument, ListDocuments];

@Module({
  controllers: [DocumentsController],
  providers: [
    { provide: DocumentRepository, useClass: TypeormDocumentRepository },
    { provide: DocumentListingRepository, useClass: TypeormDocumentListingRepository },
    ...useCases,
  ],
  exports: [...useCases, DocumentRepository, DocumentListingRepository],
})
export class DocumentsModule {}
