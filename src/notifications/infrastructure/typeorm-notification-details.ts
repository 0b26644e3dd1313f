import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { NotificationDetails } from '../application/notification-details';

/** Reads names from the organizations and documents tables (the schema, not the other modules' code). */
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

  async documentNames(documentIds: readonly string[]): Promise<Map<string, string>> {
    const rows: { id: string; name: string }[] = await activeManager(this.db).query(
      `SELECT id, name FROM documents WHERE id = ANY($1)`,
      [[...documentIds]],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
