import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('notifications')
export class NotificationRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('varchar', { name: 'person_id', nullable: true }) personId!: string | null;
  @Column('varchar', { name: 'console_link_id', nullable: true }) consoleLinkId!: string | null;
  @Column('varchar') kind!: string;
  @Column('varchar', { name: 'attestation_request_ids', array: true }) attestationRequestIds!: string[];
  @Column('varchar') status!: string;
  @Column('integer') attempts!: number;
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
  @Column('timestamptz', { name: 'relayed_at', nullable: true }) relayedAt!: Date | null;
  @Column('timestamptz', { name: 'sent_at', nullable: true }) sentAt!: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
