import { Column, Entity, PrimaryColumn } from 'typeorm';
import { Group } from '../domain/group';

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

/** A group's columns as the raw reads select them (snake_case, as PostgreSQL names them), the SCIM door's too. */
export const GROUP_COLUMNS = 'id, organization_id, name, auto_issue_requests, external_id, created_at, updated_at';

export interface GroupRow {
  id: string;
  organization_id: string;
  name: string;
  auto_issue_requests: boolean;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The group a raw row holds. */
export const groupFromRow = (r: GroupRow): Group =>
  Group.restore({
    id: r.id,
    organizationId: r.organization_id,
    name: r.name,
    autoIssueRequests: r.auto_issue_requests,
    externalId: r.external_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
