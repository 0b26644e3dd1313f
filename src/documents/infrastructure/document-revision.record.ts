import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('document_revisions')
export class DocumentRevisionRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('varchar', { name: 'document_id' }) documentId!: string;
  @Column('text') content!: string;
  @Column('varchar', { name: 'content_type' }) contentType!: string;
  @Column('char', { name: 'content_sha256', length: 64 }) contentSha256!: string;
  @Column('timestamptz', { name: 'published_at', nullable: true }) publishedAt!: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
