import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('console_links')
export class ConsoleLinkRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar', { name: 'user_id' }) userId!: string;
  @Column('varchar') purpose!: string;
  @Column('varchar', { name: 'organization_id', nullable: true }) organizationId!: string | null;
  @Column('char', { name: 'token_hash', length: 64 }) tokenHash!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt!: Date | null;
}
