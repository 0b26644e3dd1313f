import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('console_sessions')
export class ConsoleSessionRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('char', { name: 'secret_hash', length: 64 }) secretHash!: string;
  @Column('varchar', { name: 'user_id' }) userId!: string;
  @Column('varchar', { name: 'organization_id', nullable: true }) organizationId!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'last_seen_at' }) lastSeenAt!: Date;
  @Column('timestamptz', { name: 'ended_at', nullable: true }) endedAt!: Date | null;
}
