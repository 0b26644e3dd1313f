import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('document_assignments')
export class DocumentAssignmentRecord {
  @PrimaryColumn('varchar', { name: 'document_id' }) documentId!: string;
  @PrimaryColumn('varchar', { name: 'person_id' }) personId!: string;
  @Column('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('varchar', { name: 'group_id', nullable: true }) groupId!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
