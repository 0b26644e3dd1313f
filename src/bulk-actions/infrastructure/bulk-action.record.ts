import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BulkActionKind, BulkActionStatus, BulkCriteria } from '../domain/bulk-action';

@Entity('bulk_actions')
export class BulkActionRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('varchar', { name: 'user_id', nullable: true }) userId!: string | null;
  @Column('varchar') kind!: BulkActionKind;
  @Column('varchar', { name: 'document_id' }) documentId!: string;
  @Column('jsonb') criteria!: BulkCriteria;
  @Column('varchar', { name: 'target_key' }) targetKey!: string;
  @Column('varchar') status!: BulkActionStatus;
  @Column('int') total!: number;
  @Column('int') done!: number;
  @Column('int') skipped!: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'finished_at', nullable: true }) finishedAt!: Date | null;
}
