import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { OrganizationSettings, OrganizationSettingsView } from '../application/organization-settings';

@Injectable()
export class TypeormOrganizationSettings extends OrganizationSettings {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async find(organizationId: string): Promise<OrganizationSettingsView | null> {
    const rows: { id: string; name: string; default_locale: string; signing_frame_origins: string[] }[] =
      await activeManager(this.db).query(
        `SELECT id, name, default_locale, signing_frame_origins FROM organizations WHERE id = $1`,
        [organizationId],
      );
    const [row] = rows;
    return row
      ? {
          id: row.id,
          name: row.name,
          defaultLocale: row.default_locale,
          signingFrameOrigins: row.signing_frame_origins,
        }
      : null;
  }

  async changeSigningFrameOrigins(organizationId: string, origins: readonly string[], now: Date): Promise<void> {
    await activeManager(this.db).query(
      `UPDATE organizations SET signing_frame_origins = $2::varchar[], updated_at = $3 WHERE id = $1`,
      [organizationId, [...origins], now],
    );
  }
}
