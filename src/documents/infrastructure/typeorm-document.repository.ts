import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { UnitOfWork } from '../../database/unit-of-work';
import { DocumentRepository } from '../application/document.repository';
import type { Document } from '../domain/document';
import type { DocumentRevision } from '../domain/document-revision';
import { documentMapper, revisionMapper } from './document.mapper';
import { DocumentRevisionRecord } from './document-revision.record';
import { DocumentRecord } from './document.record';

@Injectable()
export class TypeormDocumentRepository extends DocumentRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly unitOfWork: UnitOfWork,
  ) {
    super();
  }

  async add(document: Document): Promise<void> {
    await activeManager(this.db).getRepository(DocumentRecord).insert(documentMapper.toRecord(document));
  }

  async save(document: Document): Promise<void> {
    const { id, ...changes } = documentMapper.toRecord(document);
    await activeManager(this.db).getRepository(DocumentRecord).update({ id }, changes);
  }

  async saveIfUnchangedSince(document: Document, readUpdatedAt: Date): Promise<boolean> {
    const { id, ...changes } = documentMapper.toRecord(document);
    const result = await activeManager(this.db)
      .createQueryBuilder()
      .update(DocumentRecord)
      .set(changes)
      .where('id = :id', { id })
      // The form's stamp came through a JavaScript Date: compare at its precision.
      .andWhere("date_trunc('milliseconds', updated_at) = :readUpdatedAt", { readUpdatedAt })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async findById(id: string): Promise<Document | null> {
    const record = await activeManager(this.db).getRepository(DocumentRecord).findOneBy({ id });
    return record ? documentMapper.toDomain(record) : null;
  }

  async findInOrganization(organizationId: string, id: string): Promise<Document | null> {
    const record = await activeManager(this.db).getRepository(DocumentRecord).findOneBy({ organizationId, id });
    return record ? documentMapper.toDomain(record) : null;
  }

  async findRevision(revisionId: string): Promise<DocumentRevision | null> {
    const record = await activeManager(this.db).getRepository(DocumentRevisionRecord).findOneBy({ id: revisionId });
    return record ? revisionMapper.toDomain(record) : null;
  }

  publish(documentId: string, publish: (document: Document) => DocumentRevision): Promise<DocumentRevision | null> {
    return this.unitOfWork.run(async () => {
      const manager = activeManager(this.db);
      const record = await manager
        .getRepository(DocumentRecord)
        .createQueryBuilder('document')
        .setLock('pessimistic_write')
        .where('document.id = :documentId', { documentId })
        .getOne();
      if (!record) return null;
      const document = documentMapper.toDomain(record);
      const revision = publish(document);
      await manager.getRepository(DocumentRevisionRecord).insert(revisionMapper.toRecord(revision));
      await manager
        .getRepository(DocumentRecord)
        .update({ id: document.id }, { latestRevisionId: document.latestRevisionId, updatedAt: document.updatedAt });
      return revision;
    });
  }
}
