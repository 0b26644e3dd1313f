import { Get, Post, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PageError } from '../../attestation-page/http/page-error';
import { ShowBulkAction } from '../../bulk-actions/application/show-bulk-action.use-case';
import { StartBulkAction } from '../../bulk-actions/application/start-bulk-action.use-case';
import { isBulkActionKind } from '../../bulk-actions/domain/bulk-action';
import { ShowDocument } from '../../documents/application/show-document.use-case';
import { ListDocumentStandings } from '../../standings/application/list-document-standings.use-case';
import { ListGroupsInScope } from '../../standings/application/list-groups-in-scope.use-case';
import { ShowComplianceOverview } from '../../standings/application/show-compliance-overview.use-case';
import { BulkActionPage } from '../views/bulk-action-page';
import { DocumentPage, OverviewPage, StandingsFilterValues } from '../views/documents-pages';
import { redirect, sendConsolePage } from './console-page';
import { CONSOLE_PER_PAGE, idParam, pageParam, textParam } from './console-query';
import { ConsoleController } from './console-controller';
import { MemberVisit, Posted, Visit } from './console-visit';

/** The groups offered as a filter: the API pages beyond them. */
const GROUPS_SHOWN = 100;

/**
 * The compliance views of documents (owners, administrators and, within their groups, group managers): the
 * overview, a document's standings (their CSV is ConsoleExportsController's), and the bulk actions on its assignees with their progress.
 */
@ConsoleController('')
export class DocumentsController {
  constructor(
    private readonly overview: ShowComplianceOverview,
    private readonly listStandings: ListDocumentStandings,
    private readonly listGroups: ListGroupsInScope,
    private readonly showDocument: ShowDocument,
    private readonly startBulkAction: StartBulkAction,
    private readonly showBulkAction: ShowBulkAction,
  ) {}

  @Get('documents')
  async list(@Visit('viewing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    const page = pageParam(visit.request);
    const overview = await this.overview.execute({ viewer: visit.viewer });
    // The totals cover every document; the table shows one page of them (1,000 rows took most of the answer's time).
    const shown = overview.documents.slice((page.page - 1) * page.perPage, page.page * page.perPage);
    sendConsolePage(
      response,
      200,
      OverviewPage({ ...visit.chrome, overview, shown, page: page.page, perPage: page.perPage }),
    );
  }

  @Get('documents/:id')
  async show(@Visit('viewing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    const { viewer, request } = visit;
    const id = visit.id('id');
    const filter = filterOf(request);
    const after = idParam(textParam(request, 'after'), 'page');
    const page = await this.listStandings.execute({
      viewer,
      documentId: id,
      filter: { bucket: filter.bucket, groupId: filter.groupId, search: filter.search },
      after,
      limit: CONSOLE_PER_PAGE,
    });
    const [overview, listing, groups, recent] = await Promise.all([
      this.overview.execute({ viewer, documentId: id }),
      this.showDocument.execute({ organizationId: viewer.organizationId, documentId: id }),
      this.listGroups.execute({ viewer, limit: GROUPS_SHOWN }),
      this.showBulkAction.recent(viewer, id),
    ]);
    sendConsolePage(
      response,
      200,
      DocumentPage({
        ...visit.chrome,
        documentId: listing.document.id,
        document: overview.documents.find((d) => d.documentId === listing.document.id) ?? null,
        name: listing.document.name,
        standings: page.items,
        next: page.next,
        filter,
        groups: groups.items,
        recent,
        notice: visit.notice({ repeated: 'The same action on the same people ran within the hour.' }),
      }),
    );
  }

  @Post('documents/:id/bulk-actions')
  async start(@Posted('viewing') posted: MemberVisit, @Res() response: Response) {
    const { form } = posted;
    const kind = form.get('kind');
    if (!isBulkActionKind(kind)) throw new PageError(400, 'Choose an action', 'Go back and choose what to do.');
    const chosen = form.get('targets') !== 'matching';
    const personIds = form.getAll('person_id').map((personId) => idParam(personId, 'person')!);
    if (chosen && personIds.length === 0) {
      throw new PageError(422, 'Choose someone first', 'Tick the people to act on, or act on everyone matching.');
    }
    const { action, repeated } = await this.startBulkAction.execute({
      viewer: posted.viewer,
      kind,
      documentId: posted.id('id'),
      filter: { bucket: form.get('bucket'), groupId: form.get('group_id'), search: form.get('search') },
      personIds: chosen ? personIds : undefined,
      origin: posted.origin,
    });
    redirect(response, `/console/bulk-actions/${action.id}${repeated ? '?done=repeated' : ''}`);
  }

  @Get('bulk-actions/:id')
  async progress(@Visit('viewing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    const { action, reasons } = await this.showBulkAction.execute(visit.viewer, visit.id('id'));
    const notice = visit.notice({
      repeated: 'This action ran on the same people within the hour: it was not started again.',
    });
    sendConsolePage(response, 200, BulkActionPage({ ...visit.chrome, action, reasons, notice }));
  }
}

/** The document page's filters from its query string; the use-cases check them (404, 422). */
function filterOf(request: Request): StandingsFilterValues {
  return {
    bucket: textParam(request, 'bucket'),
    groupId: textParam(request, 'group_id'),
    search: textParam(request, 'search'),
  };
}
