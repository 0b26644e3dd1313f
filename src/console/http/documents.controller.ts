import { Controller, Get, Param, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access, PageRequest, UlidPathPipe } from '@lib/http';
import { ShowBulkAction } from '../../bulk-actions/application/show-bulk-action.use-case';
import { StartBulkAction } from '../../bulk-actions/application/start-bulk-action.use-case';
import { isBulkActionKind } from '../../bulk-actions/domain/bulk-action';
import { PageError } from '../../attestation-page/http/page-error';
import { ListDocuments } from '../../documents/application/list-documents.use-case';
import { ShowDocument } from '../../documents/application/show-document.use-case';
import { ListGroups } from '../../groups/application/list-groups.use-case';
import { BulkActionPage } from '../views/bulk-action-page';
import { DocumentPage, DocumentsPage } from '../views/documents-pages';
import { ConsoleDoor } from './console-door';
import { redirect, sendConsolePage } from './console-page';
import { idParam, pageParam, textParam } from './console-query';
import { ConsoleFilter } from './console.filter';

/** The groups offered as a filter: the API pages beyond them. */
const GROUPS_SHOWN = 100;

/** Documents and the bulk actions on their assignees (owners and administrators); the API's use-cases. */
@Controller('console')
@Access('public')
@ApiExcludeController()
@UseFilters(ConsoleFilter)
export class DocumentsController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly listDocuments: ListDocuments,
    private readonly showDocument: ShowDocument,
    private readonly listGroups: ListGroups,
    private readonly startBulkAction: StartBulkAction,
    private readonly showBulkAction: ShowBulkAction,
  ) {}

  @Get('documents')
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const page = pageParam(request);
    const name = textParam(request, 'name');
    const listings = await this.listDocuments.execute({
      organizationId: context.current.organizationId,
      filter: { name: name || undefined, archived: false },
      page,
    });
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(
      response,
      200,
      DocumentsPage({
        context,
        csrf,
        listings: listings.items,
        page: page.page,
        perPage: page.perPage,
        total: listings.total,
        name,
      }),
    );
  }

  @Get('documents/:id')
  async show(
    @Param('id', UlidPathPipe) id: string,
    @Query('done') done: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const context = await this.door.managing(request);
    const organizationId = context.current.organizationId;
    const viewer = { organizationId, userId: context.user.id, groupIds: null };
    const [listing, groups, recent] = await Promise.all([
      this.showDocument.execute({ organizationId, documentId: id }),
      this.listGroups.execute({ organizationId, page: new PageRequest(1, GROUPS_SHOWN) }),
      this.showBulkAction.recent(viewer, id),
    ]);
    const csrf = this.door.formToken(request, response, context);
    const notice = done === 'repeated' ? 'The same action on the same people ran within the hour.' : undefined;
    sendConsolePage(response, 200, DocumentPage({ context, csrf, listing, groups: groups.items, recent, notice }));
  }

  @Post('documents/:id/bulk-actions')
  async start(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const context = await this.door.managing(request);
    const form = await this.door.form(request, context);
    const kind = form.get('kind');
    if (!isBulkActionKind(kind)) throw new PageError(400, 'Choose an action', 'Go back and choose what to do.');
    const chosen = form.getAll('person_id');
    const { action, repeated } = await this.startBulkAction.execute({
      organizationId: context.current.organizationId,
      userId: context.user.id,
      groupIds: null,
      kind,
      documentId: id,
      personIds: chosen.length > 0 ? chosen.map((personId) => idParam(personId, 'person')!) : undefined,
      groupId: idParam(form.get('group_id'), 'group'),
      search: form.get('search')?.trim().slice(0, 255) || null,
      origin: this.door.origin(request),
    });
    redirect(response, `/console/bulk-actions/${action.id}${repeated ? '?done=repeated' : ''}`);
  }

  @Get('bulk-actions/:id')
  async progress(
    @Param('id', UlidPathPipe) id: string,
    @Query('done') done: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const context = await this.door.managing(request);
    const viewer = { organizationId: context.current.organizationId, userId: context.user.id, groupIds: null };
    const { action, reasons } = await this.showBulkAction.execute(viewer, id);
    const csrf = this.door.formToken(request, response, context);
    const notice =
      done === 'repeated' ? 'This action ran on the same people within the hour: it was not started again.' : undefined;
    sendConsolePage(response, 200, BulkActionPage({ context, csrf, action, reasons, notice }));
  }
}
