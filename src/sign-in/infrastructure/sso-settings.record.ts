import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('sso_settings')
export class SsoSettingsRecord {
  @PrimaryColumn('varchar', { name: 'organization_id' }) organizationId!: string;
  @Column('varchar') issuer!: string;
  @Column('varchar', { name: 'client_id' }) clientId!: string;
  @Column('text', { name: 'client_secret_sealed' }) clientSecretSealed!: string;
  @Column('text', { name: 'allowed_domains', array: true }) allowedDomains!: string[];
  @Column('boolean') required!: boolean;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
