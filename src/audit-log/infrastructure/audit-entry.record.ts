import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('audit_log')
export class AuditEntryRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar', { name: 'organization_id', nullable: true }) organizationId!: string | null;
  @Column('varchar', { name: 'user_id', nullable: true }) userId!: string | null;
  @Column('varchar') action!: string;
  @Column('varchar', { nullable: true }) ip!: string | null;
  @Column('varchar', { name: 'user_agent', nullable: true }) userAgent!: string | null;
  @Column('jsonb') details!: Record<string, unknown>;
  @Column('timestamptz') at!: Date;
}
