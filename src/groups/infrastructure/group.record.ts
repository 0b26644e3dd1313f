import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('groups')
export class GroupRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('varchar') name!: string;
  @Column('boolean', { name: 'auto_issue_requests' }) autoIssueRequests!: boolean;
  @Column('varchar', { name: 'external_id', nullable: true }) externalId!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
