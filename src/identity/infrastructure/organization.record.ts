import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('organizations')
export class OrganizationRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar') name!: string;
  @Column('varchar', { name: 'billing_status' }) billingStatus!: string;
  @Column('timestamptz', { name: 'trial_ends_at', nullable: true }) trialEndsAt!: Date | null;
  @Column('varchar', { name: 'default_locale' }) defaultLocale!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
