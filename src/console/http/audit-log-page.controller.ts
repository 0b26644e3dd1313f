import { Controller, Get, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { isUlid } from '@lib/core';
import { ListAuditLog } from '../../audit-log/application/list-audit-log.use-case';
import { Access } from '@lib/http';
import { ListMembers } from '../../sign-in/application/list-members.use-case';
import { AuditLogPage } from '../views/audit-log-page';
import { ConsoleDoor } from './console-door';
import { CONSOLE_HEADERS, sendConsolePage } from './console-page';
import { ConsoleFilter } from './console.filter';
import { csvLine } from './csv';

const PAGE_SIZE = 50;
const EXPORT_BATCH = 100;

interface AuditFilters {
  user_id?: unknown;
  action?: unknown;
  before?: unknown;
}

/** The audit log for owners and administrators: newest first, filtered, exported as CSV. */
@Controller('console')
@Access('public')
@ApiExcludeController()
@UseFilters(ConsoleFilter)
export class AuditLogPageController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly listAuditLog: ListAuditLog,
    private readonly listMembers: ListMembers,
  ) {}

  @Get('audit-log')
  async show(@Query() query: AuditFilters, @Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const filters = filtersOf(query);
    const organizationId = context.current.organizationId;
    const [{ entries, hasMore }, members] = await Promise.all([
      this.listAuditLog.execute({ organizationId, ...filters, limit: PAGE_SIZE }),
      this.listMembers.execute(organizationId),
    ]);
    const csrf = this.door.formToken(request, response, context);
    const userNames = new Map(members.map((m) => [m.userId, m.name]));
    sendConsolePage(
      response,
      200,
      AuditLogPage({
        context,
        csrf,
        entries,
        hasMore,
        filters: { userId: filters.userId ?? '', action: filters.action ?? '' },
        userNames,
      }),
    );
  }

  /** Written a batch at a time as it is read, so the export's memory does not grow with the log. */
  @Get('audit-log.csv')
  async export(@Query() query: AuditFilters, @Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const filters = filtersOf(query);
    response.status(200).set({
      ...CONSOLE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="audit-log.csv"',
    });
    response.write(csvLine(['id', 'at', 'user_id', 'action', 'ip', 'user_agent', 'details']));
    let before = filters.before;
    for (;;) {
      const { entries, hasMore } = await this.listAuditLog.execute({
        organizationId: context.current.organizationId,
        ...filters,
        before,
        limit: EXPORT_BATCH,
      });
      for (const e of entries) {
        response.write(
          csvLine([e.id, e.at.toISOString(), e.userId, e.action, e.ip, e.userAgent, JSON.stringify(e.details)]),
        );
      }
      if (!hasMore || entries.length === 0) break;
      before = entries[entries.length - 1].id;
    }
    response.end();
  }
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
