import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('api_tokens')
export class ApiTokenRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('varchar', { name: 'user_id' }) userId!: string;
  @Column('varchar', { name: 'created_by_user_id', nullable: true }) createdByUserId!: string | null;
  @Column('varchar') name!: string;
  @Column('char', { name: 'token_hash', length: 64 }) tokenHash!: string;
  @Column('text', { array: true }) scopes!: string[];
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}
