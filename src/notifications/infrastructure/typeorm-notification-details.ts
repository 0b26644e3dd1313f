import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { NotificationDetails } from '../application/notification-details';

/** Reads names and languages from the organizations, people and documents tables (the schema, not the other modules' code). */
@Injectable()
export class TypeormNotificationDetails extends NotificationDetails {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async organizationName(organizationId: string): Promise<string> {
    const rows: { name: string }[] = await activeManager(this.db).query(
      `SELECT name FROM organizations WHERE id = $1`,
      [organizationId],
    );
    return rows[0]?.name ?? '';
  }

  async recipientLocale(organizationId: string, personId: string | null): Promise<string> {
    const rows: { locale: string }[] = await activeManager(this.db).query(
      `SELECT coalesce(p.locale, o.default_locale) AS locale
         FROM organizations o LEFT JOIN people p ON p.id = $2 AND p.organization_id = o.id
        WHERE o.id = $1`,
      [organizationId, personId],
    );
    return rows[0]?.locale ?? 'en';
  }

  async documentNames(documentIds: readonly string[]): Promise<Map<string, string>> {
    const rows: { id: string; name: string }[] = await activeManager(this.db).query(
      `SELECT id, name FROM documents WHERE id = ANY($1)`,
      [[...documentIds]],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
