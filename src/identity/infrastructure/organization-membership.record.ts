import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('organization_memberships')
export class OrganizationMembershipRecord {
  @PrimaryColumn('varchar', { name: 'organization_id' }) organizationId!: string;
  @PrimaryColumn('varchar', { name: 'user_id' }) userId!: string;
  @Column('varchar') role!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
