import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiEndpoint, ApiUlidPath, sendCsv, wantsArchived } from '@lib/http';
import {
  AUDIT_LOG_CSV_HEADER,
  auditLogCsvRow,
  ExportAuditLog,
} from '../../audit-log/application/export-audit-log.use-case';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { ExportDocumentStandings } from '../application/export-document-standings.use-case';
import { ExportPeopleInScope } from '../application/export-people-in-scope.use-case';
import type { Viewer } from '../application/viewer';
import { PEOPLE_CSV_HEADER, peopleCsvRows, STATUS_CSV_HEADER, statusCsvName, statusCsvRows } from './export-rows';
import { AuditLogExportQuery, csvFile, PeopleExportQuery, StatusExportQuery } from './exports.dto';

const viewerOf = (principal: Principal): Viewer => ({
  organizationId: principal.organization.id,
  userId: principal.user.id,
  role: principal.role,
});

async function* mapped<T, U>(items: AsyncIterable<T>, map: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield map(item);
}

/**
 * The compliance exports for integrators (owners and administrators), the same use-cases and columns as the console's
 * downloads: streamed from a PostgreSQL cursor as the client reads, so memory stays flat whatever their size.
 */
@Controller('exports')
export class ExportsController {
  constructor(
    private readonly exportStandings: ExportDocumentStandings,
    private readonly exportPeople: ExportPeopleInScope,
    private readonly exportAuditLog: ExportAuditLog,
  ) {}

  @Get('people.csv')
  @ApiEndpoint({
    operationId: 'exportPeople',
    tag: 'Exports',
    summary: 'Export people as CSV',
    description:
      'The people the list shows with the same filters, by id: `id, first_name, last_name, email, phone, groups, ' +
      'archived_at, created_at` (groups by name, separated by `; `). UTF-8, a header row, RFC 4180 quoting; a cell ' +
      "starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`.",
    success: { status: 200, description: 'The CSV file.', file: csvFile('people.csv') },
    unprocessable: 'A filter is too long, or `archived` is not one of its values.',
  })
  async people(@CurrentPrincipal() principal: Principal, @Query() query: PeopleExportQuery, @Res() response: Response) {
    const people = this.exportPeople.execute({
      viewer: viewerOf(principal),
      name: query.name,
      email: query.email,
      phone: query.phone,
      archived: wantsArchived(query),
    });
    await sendCsv(response, { filename: 'people.csv', header: PEOPLE_CSV_HEADER, rows: peopleCsvRows(people) });
  }

  @Get('documents/:document/status.csv')
  @ApiEndpoint({
    operationId: 'exportDocumentStatus',
    tag: 'Exports',
    summary: "Export a document's status as CSV",
    description:
      'One row per assigned person, by person id: `person_id, name, email, groups, bucket, requested_at, ' +
      'last_reminded_at, attested_at, revision_id`, where `bucket` is one of the attestation count keys, ' +
      '`requested_at` and `last_reminded_at` those of the latest request, and `attested_at` and `revision_id` those ' +
      'of the latest attestation. Same encoding and formula guard as the other exports.',
    success: { status: 200, description: 'The CSV file.', file: csvFile('document-<id>-status.csv') },
    notFound:
      'No such document in the organization (`{"error":"Document not found."}`), or no such group for `group_id` ' +
      '(`{"error":"Group not found."}`); malformed ids included.',
    unprocessable: '`bucket` is not an attestation count key, `group_id` is not a ULID, or `search` is too long.',
  })
  @ApiUlidPath('document', "The document's ULID.")
  async documentStatus(
    @CurrentPrincipal() principal: Principal,
    @Param('document') documentId: string,
    @Query() query: StatusExportQuery,
    @Res() response: Response,
  ) {
    const standings = await this.exportStandings.execute({
      viewer: viewerOf(principal),
      documentId,
      filter: { bucket: query.bucket, groupId: query.group_id, search: query.search },
    });
    await sendCsv(response, {
      filename: statusCsvName(documentId.toLowerCase()),
      header: STATUS_CSV_HEADER,
      rows: statusCsvRows(standings),
    });
  }

  @Get('audit-log.csv')
  @ApiEndpoint({
    operationId: 'exportAuditLog',
    tag: 'Exports',
    summary: 'Export the audit log as CSV',
    description:
      'Newest first, with the audit log filters: `id, at, user_id, action, ip, user_agent, details` (`details` as ' +
      'JSON). Same encoding and formula guard as the other exports.',
    success: { status: 200, description: 'The CSV file.', file: csvFile('audit-log.csv') },
    unprocessable: '`user_id` or `before` is not a ULID, or `action` is over 64 characters.',
  })
  async auditLog(
    @CurrentPrincipal() principal: Principal,
    @Query() query: AuditLogExportQuery,
    @Res() response: Response,
  ) {
    const entries = this.exportAuditLog.execute({
      organizationId: principal.organization.id,
      userId: query.user_id?.toLowerCase() ?? undefined,
      action: query.action ?? undefined,
      before: query.before?.toLowerCase() ?? undefined,
    });
    await sendCsv(response, {
      filename: 'audit-log.csv',
      header: AUDIT_LOG_CSV_HEADER,
      rows: mapped(entries, auditLogCsvRow),
    });
  }
}
