import { Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ValidationFailedError } from '@lib/core';
import { UlidPathPipe } from '@lib/http';
import { renderDocumentContent } from '../../attestation-page/http/document-content';
import { PageError } from '../../attestation-page/http/page-error';
import { ArchiveDocument } from '../../documents/application/archive-document.use-case';
import { PublishDocumentRevision } from '../../documents/application/publish-document-revision.use-case';
import { RestoreDocument } from '../../documents/application/restore-document.use-case';
import { ShowDocument } from '../../documents/application/show-document.use-case';
import { ShowLatestRevision } from '../../documents/application/show-latest-revision.use-case';
import { UpdateDocument } from '../../documents/application/update-document.use-case';
import { DocumentEditingPage, RevisionDraft } from '../views/document-editing-page';
import { managingForm } from './console-actor';
import { ConsoleDoor, ManagingContext } from './console-door';
import { redirect, sendConsolePage } from './console-page';
import { noticeParam } from './console-query';
import { ConsoleController } from './console-controller';

const NOTICES: Record<string, string> = {
  published: 'The new revision is published: new requests and renewals ask for it.',
  saved: 'The settings were saved.',
  archived: 'The document is archived: no new request can be sent for it.',
  restored: 'The document is restored.',
};

/**
 * Editing a document (owners and administrators): the API's publish, update, archive and restore use-cases, each
 * given the `updatedAt` the form was made from, so a form gone stale answers 409. The preview is rendered by the
 * attestation page's own renderer, so it shows what a recipient will read.
 */
@ConsoleController('documents/:id')
export class DocumentEditingController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly showDocument: ShowDocument,
    private readonly showLatestRevision: ShowLatestRevision,
    private readonly publishRevision: PublishDocumentRevision,
    private readonly updateDocument: UpdateDocument,
    private readonly archiveDocument: ArchiveDocument,
    private readonly restoreDocument: RestoreDocument,
  ) {}

  @Get('edit')
  async edit(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const notice = noticeParam(request, NOTICES);
    await this.render(request, response, context, id, { notice });
  }

  /** "Preview" renders the text without saving anything; "Publish" publishes it. */
  @Post('revisions')
  async publish(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, form, actor } = await managingForm(this.door, request);
    const content = form.get('content') ?? '';
    if (form.get('intent') === 'preview') {
      const previewHtml = renderDocumentContent({ content, contentType: 'text/markdown', contentSha256: '' }).value;
      return this.render(request, response, context, id, { draft: { content, previewHtml } });
    }
    if (content.trim() === '') {
      throw new PageError(422, 'Please check what you entered', 'Write the text of the new revision first.');
    }
    await this.publishRevision.execute({
      organizationId: context.current.organizationId,
      documentId: id,
      content,
      contentType: 'text/markdown',
      expectedUpdatedAt: stampOf(form),
      actor,
    });
    redirect(response, `/console/documents/${id}/edit?done=published`);
  }

  @Post('settings')
  async settings(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, form, actor } = await managingForm(this.door, request);
    await this.updateDocument.execute({
      organizationId: context.current.organizationId,
      documentId: id,
      expectedUpdatedAt: stampOf(form),
      actor,
      changes: {
        name: form.get('name') ?? '',
        renewalIntervalDays: renewalOf(form.get('renewal_interval_days')),
        requiresSignature: form.get('requires_signature') === '1',
        autoRenew: form.get('auto_renew') === '1',
      },
    });
    redirect(response, `/console/documents/${id}/edit?done=saved`);
  }

  @Post('archive')
  async archive(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    await this.setArchived(id, request, response, true);
  }

  @Post('restore')
  async restore(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    await this.setArchived(id, request, response, false);
  }

  private async setArchived(id: string, request: Request, response: Response, archived: boolean): Promise<void> {
    const { context, form, actor } = await managingForm(this.door, request);
    const input = {
      organizationId: context.current.organizationId,
      documentId: id,
      expectedUpdatedAt: stampOf(form),
      actor,
    };
    await (archived ? this.archiveDocument : this.restoreDocument).execute(input);
    redirect(response, `/console/documents/${id}/edit?done=${archived ? 'archived' : 'restored'}`);
  }

  private async render(
    request: Request,
    response: Response,
    context: ManagingContext,
    id: string,
    extra: { draft?: RevisionDraft; notice?: string },
  ): Promise<void> {
    const reference = { organizationId: context.current.organizationId, documentId: id };
    const [{ document }, latest] = await Promise.all([
      this.showDocument.execute(reference),
      // The form starts from the text people sign today, so an editor edits rather than retypes it.
      extra.draft ? null : this.showLatestRevision.execute(reference),
    ]);
    const draft = extra.draft ?? (latest ? { content: latest.content } : undefined);
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(response, 200, DocumentEditingPage({ context, csrf, document, latest, ...extra, draft }));
  }
}

/** The document's `updatedAt` as the form showed it; a form without one cannot be checked, so it is refused. */
function stampOf(form: URLSearchParams): Date {
  const value = form.get('updated_at') ?? '';
  const stamp = new Date(value);
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value) || Number.isNaN(stamp.getTime())) {
    throw new PageError(400, 'This form is out of date', 'Reload the page and try again.');
  }
  return stamp;
}

function renewalOf(value: string | null): number | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (!/^\d{1,5}$/.test(text)) {
    throw ValidationFailedError.single('renewal_interval_days', 'Enter a whole number of days, or leave it empty.');
  }
  return Number(text);
}
