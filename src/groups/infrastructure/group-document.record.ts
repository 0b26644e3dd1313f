import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('group_documents')
export class GroupDocumentRecord {
  @PrimaryColumn('varchar', { name: 'group_id' }) groupId!: string;
  @PrimaryColumn('varchar', { name: 'document_id' }) documentId!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
