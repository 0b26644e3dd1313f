import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('documents')
export class DocumentRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('varchar') name!: string;
  @Column('varchar', { name: 'default_attestation_type' }) defaultAttestationType!: string;
  @Column('boolean', { name: 'requires_signature' }) requiresSignature!: boolean;
  @Column('integer', { name: 'renewal_interval_days', nullable: true }) renewalIntervalDays!: number | null;
  @Column('boolean', { name: 'auto_renew' }) autoRenew!: boolean;
  @Column('varchar', { name: 'latest_revision_id', nullable: true }) latestRevisionId!: string | null;
  @Column('timestamptz', { name: 'archived_at', nullable: true }) archivedAt!: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
