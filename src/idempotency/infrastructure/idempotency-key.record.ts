import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('idempotency_keys')
export class IdempotencyKeyRecord {
  @PrimaryColumn('varchar', { name: 'organization_id' }) organizationId!: string;
  @PrimaryColumn('varchar') key!: string;
  @Column('char', { length: 64 }) fingerprint!: string;
  @Column('smallint', { name: 'response_status' }) responseStatus!: number;
  /** AES-256-GCM, see ResponseCipher. */
  @Column('bytea', { name: 'response_body', nullable: true }) responseBody!: Buffer | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
}
