import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { saveSnapshot } from '@lib/persistence';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { SsoSettingsRepository } from '../application/sso-settings.repository';
import { SsoSettings } from '../domain/sso-settings';
import { SsoSettingsRecord } from './sso-settings.record';

@Injectable()
export class TypeormSsoSettingsRepository extends SsoSettingsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async find(organizationId: string): Promise<SsoSettings | null> {
    const record = await activeManager(this.db).getRepository(SsoSettingsRecord).findOneBy({ organizationId });
    return record ? SsoSettings.restore(record) : null;
  }

  async save(settings: SsoSettings): Promise<void> {
    await saveSnapshot(activeManager(this.db), SsoSettingsRecord, settings);
  }

  async anyRequires(organizationIds: readonly string[]): Promise<boolean> {
    if (organizationIds.length === 0) return false;
    return activeManager(this.db)
      .getRepository(SsoSettingsRecord)
      .existsBy({ organizationId: In([...organizationIds]), required: true });
  }
}
