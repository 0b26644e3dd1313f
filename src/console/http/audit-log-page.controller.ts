import { Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { isUlid } from '@lib/core';
import {
  AUDIT_LOG_CSV_HEADER,
  auditLogCsvRow,
  ExportAuditLog,
} from '../../audit-log/application/export-audit-log.use-case';
import { ListAuditLog } from '../../audit-log/application/list-audit-log.use-case';
import type { AuditEntryProps } from '../../audit-log/domain/audit-entry';
import { sendCsv } from '@lib/http';
import { ListMembers } from '../../sign-in/application/list-members.use-case';
import { AuditLogPage } from '../views/audit-log-page';
import { CONSOLE_HEADERS, sendConsolePage } from './console-page';
import { ConsoleController } from './console-controller';
import { MemberVisit, Visit } from './console-visit';

const PAGE_SIZE = 50;

interface AuditFilters {
  user_id?: unknown;
  action?: unknown;
  before?: unknown;
}

/** The audit log for owners and administrators: newest first, filtered, exported as CSV. */
@ConsoleController('')
export class AuditLogPageController {
  constructor(
    private readonly listAuditLog: ListAuditLog,
    private readonly listMembers: ListMembers,
    private readonly exportAuditLog: ExportAuditLog,
  ) {}

  @Get('audit-log')
  async show(@Query() query: AuditFilters, @Visit('managing') visit: MemberVisit, @Res() response: Response) {
    const filters = filtersOf(query);
    const [{ entries, hasMore }, members] = await Promise.all([
      this.listAuditLog.execute({ organizationId: visit.organizationId, ...filters, limit: PAGE_SIZE }),
      this.listMembers.execute(visit.organizationId),
    ]);
    const userNames = new Map(members.map((m) => [m.userId, m.name]));
    sendConsolePage(
      response,
      200,
      AuditLogPage({
        ...visit.chrome,
        entries,
        hasMore,
        filters: { userId: filters.userId ?? '', action: filters.action ?? '' },
        userNames,
      }),
    );
  }

  /** Streamed from a cursor as the browser reads it, through the same writer and use-case as the API's export. */
  @Get('audit-log.csv')
  async export(@Query() query: AuditFilters, @Visit('managing') visit: MemberVisit, @Res() response: Response) {
    const entries = this.exportAuditLog.execute({ organizationId: visit.organizationId, ...filtersOf(query) });
    await sendCsv(response, {
      filename: 'audit-log.csv',
      header: AUDIT_LOG_CSV_HEADER,
      rows: rowsOf(entries),
      headers: CONSOLE_HEADERS,
    });
  }
}

async function* rowsOf(entries: AsyncIterable<Readonly<AuditEntryProps>>) {
  for await (const entry of entries) yield auditLogCsvRow(entry);
}

/** Malformed filters are dropped, as an empty filter is no filter. */
function filtersOf(query: AuditFilters): { userId?: string; action?: string; before?: string } {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const id = (value: unknown) => {
    const candidate = text(value)?.toLowerCase();
    return candidate && isUlid(candidate) ? candidate : undefined;
  };
  const action = text(query.action);
  return {
    userId: id(query.user_id),
    action: action && action.length <= 64 ? action : undefined,
    before: id(query.before),
  };
}
