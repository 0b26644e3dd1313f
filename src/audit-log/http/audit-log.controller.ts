import { Controller, Get, Query } from '@nestjs/common';
import { ApiEndpoint } from '@lib/http';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { ListAuditLog } from '../application/list-audit-log.use-case';
import { presentAuditEntry } from './audit-entry.presenter';
import { AuditLogPage, DEFAULT_AUDIT_LIMIT, ListAuditLogQuery } from './audit-log.dto';

@Controller('audit-log')
export class AuditLogController {
  constructor(private readonly listAuditLog: ListAuditLog) {}

  @Get()
  @ApiEndpoint({
    operationId: 'listAuditLog',
    tag: 'Audit log',
    summary: "Read the organization's audit log",
    description:
      'Sign-ins and refused attempts, token and member changes, newest first. Nothing in it can be changed or ' +
      'deleted.',
    success: { status: 200, description: 'Entries, newest first.', type: AuditLogPage },
    unprocessable: 'A filter is malformed, or `limit` is not 1 to 100.',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListAuditLogQuery) {
    const { entries, hasMore } = await this.listAuditLog.execute({
      organizationId: principal.organization.id,
      userId: query.user_id?.toLowerCase() ?? undefined,
      action: query.action ?? undefined,
      before: query.before?.toLowerCase() ?? undefined,
      limit: query.limit ?? DEFAULT_AUDIT_LIMIT,
    });
    return { data: entries.map(presentAuditEntry), has_more: hasMore };
  }
}
