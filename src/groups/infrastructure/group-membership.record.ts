import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('group_memberships')
export class GroupMembershipRecord {
  @PrimaryColumn('varchar', { name: 'group_id' }) groupId!: string;
  @PrimaryColumn('varchar', { name: 'person_id' }) personId!: string;
  @Column('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
