import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('attestation_requests')
export class AttestationRequestRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('varchar', { name: 'document_id' }) documentId!: string;
  @Column('varchar', { name: 'document_revision_id' }) documentRevisionId!: string;
  @Column('varchar', { name: 'person_id' }) personId!: string;
  @Column('varchar', { name: 'recipient_name' }) recipientName!: string;
  @Column('varchar', { name: 'recipient_email' }) recipientEmail!: string;
  @Column('varchar', { name: 'requested_attestation_type' }) requestedAttestationType!: string;
  @Column('varchar') source!: string;
  @Column('varchar') status!: string;
  @Column('text', { name: 'recipient_message', nullable: true }) recipientMessage!: string | null;
  @Column('varchar') delivery!: string;
  @Column('char', { name: 'access_token_hash', length: 64, nullable: true }) accessTokenHash!: string | null;
  @Column('timestamptz', { name: 'sent_at', nullable: true }) sentAt!: Date | null;
  @Column('timestamptz', { name: 'last_reminded_at', nullable: true }) lastRemindedAt!: Date | null;
  @Column('integer', { name: 'reminder_count' }) reminderCount!: number;
  @Column('timestamptz', { name: 'viewed_at', nullable: true }) viewedAt!: Date | null;
  @Column('timestamptz', { name: 'attested_at', nullable: true }) attestedAt!: Date | null;
  @Column('timestamptz', { name: 'canceled_at', nullable: true }) canceledAt!: Date | null;
  @Column('varchar', { name: 'cancel_reason', nullable: true }) cancelReason!: string | null;
  @Column('text', { name: 'decline_reason', nullable: true }) declineReason!: string | null;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @Column('timestamptz', { name: 'expired_at', nullable: true }) expiredAt!: Date | null;
  @Column('varchar', { name: 'requested_by_user_id', nullable: true }) requestedByUserId!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
