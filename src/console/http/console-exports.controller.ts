import { Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendCsv } from '@lib/http';
import { ExportDocumentStandings } from '../../standings/application/export-document-standings.use-case';
import { ExportPeopleInScope } from '../../standings/application/export-people-in-scope.use-case';
import {
  PEOPLE_CSV_HEADER,
  peopleCsvRows,
  STATUS_CSV_HEADER,
  statusCsvName,
  statusCsvRows,
} from '../../standings/http/export-rows';
import { viewerIn } from './console-actor';
import { ConsoleDoor } from './console-door';
import { CONSOLE_HEADERS } from './console-page';
import { ConsoleController } from './console-controller';

/** A query parameter as text (the first when repeated), or undefined. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;

/**
 * The console's CSV downloads, for every member signed in to an organization: the same use-cases and columns as
 * `GET /exports/...`, in the viewer's scope (a group manager's files hold only their groups' people). Bad filters
 * and ids outside the scope answer the console's 422 and 404 pages before anything is sent.
 */
@ConsoleController('exports')
export class ConsoleExportsController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly exportPeople: ExportPeopleInScope,
    private readonly exportStandings: ExportDocumentStandings,
  ) {}

  /** `?search=` (name or email), `?archived=true`. */
  @Get('people.csv')
  async people(@Query() query: Record<string, unknown>, @Req() request: Request, @Res() response: Response) {
    const context = await this.door.viewing(request);
    const people = this.exportPeople.execute({
      viewer: viewerIn(context),
      search: text(query.search),
      archived: text(query.archived) === 'true',
    });
    await sendCsv(response, {
      filename: 'people.csv',
      header: PEOPLE_CSV_HEADER,
      rows: peopleCsvRows(people),
      headers: CONSOLE_HEADERS,
    });
  }

  /** `?bucket=`, `?group_id=`, `?search=`: the document page's filters. */
  @Get('documents/:document/status.csv')
  async documentStatus(
    @Param('document') documentId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    const context = await this.door.viewing(request);
    const standings = await this.exportStandings.execute({
      viewer: viewerIn(context),
      documentId,
      filter: { bucket: text(query.bucket), groupId: text(query.group_id), search: text(query.search) },
    });
    await sendCsv(response, {
      filename: statusCsvName(documentId.toLowerCase()),
      header: STATUS_CSV_HEADER,
      rows: statusCsvRows(standings),
      headers: CONSOLE_HEADERS,
    });
  }
}
