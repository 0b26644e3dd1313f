import { Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ValidationFailedError } from '@lib/core';
import { renderDocumentContent } from '../../attestation-page/http/document-content';
import { PageError } from '../../attestation-page/http/page-error';
import { ArchiveDocument } from '../../documents/application/archive-document.use-case';
import { PublishDocumentRevision } from '../../documents/application/publish-document-revision.use-case';
import { RestoreDocument } from '../../documents/application/restore-document.use-case';
import { ShowDocument } from '../../documents/application/show-document.use-case';
import { ShowLatestRevision } from '../../documents/application/show-latest-revision.use-case';
import { UpdateDocument } from '../../documents/application/update-document.use-case';
import { DocumentEditingPage, RevisionDraft } from '../views/document-editing-page';
import { redirect, sendConsolePage } from './console-page';
import { ConsoleController } from './console-controller';
import { MemberVisit, Posted, Visit } from './console-visit';

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
    private readonly showDocument: ShowDocument,
    private readonly showLatestRevision: ShowLatestRevision,
    private readonly publishRevision: PublishDocumentRevision,
    private readonly updateDocument: UpdateDocument,
    private readonly archiveDocument: ArchiveDocument,
    private readonly restoreDocument: RestoreDocument,
  ) {}

  @Get('edit')
  async edit(@Visit('managing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    await this.render(visit, response, { notice: visit.notice(NOTICES) });
  }

  /** "Preview" renders the text without saving anything; "Publish" publishes it. */
  @Post('revisions')
  async publish(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    const { form } = posted;
    const content = form.get('content') ?? '';
    if (form.get('intent') === 'preview') {
      const previewHtml = renderDocumentContent({ content, contentType: 'text/markdown', contentSha256: '' }).value;
      return this.render(posted, response, { draft: { content, previewHtml } });
    }
    if (content.trim() === '') {
      throw new PageError(422, 'Please check what you entered', 'Write the text of the new revision first.');
    }
    await this.publishRevision.execute({
      organizationId: posted.organizationId,
      documentId: posted.id('id'),
      content,
      contentType: 'text/markdown',
      expectedUpdatedAt: stampOf(form),
      actor: posted.actor,
    });
    redirect(response, `/console/documents/${posted.id('id')}/edit?done=published`);
  }

  @Post('settings')
  async settings(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    const { form } = posted;
    await this.updateDocument.execute({
      ...posted.acting,
      documentId: posted.id('id'),
      expectedUpdatedAt: stampOf(form),
      changes: {
        name: form.get('name') ?? '',
        renewalIntervalDays: renewalOf(form.get('renewal_interval_days')),
        requiresSignature: form.get('requires_signature') === '1',
        autoRenew: form.get('auto_renew') === '1',
      },
    });
    redirect(response, `/console/documents/${posted.id('id')}/edit?done=saved`);
  }

  /** Archiving and restoring differ only in their use-case and their notice: one handler, two routes. */
  @Post(['archive', 'restore'])
  async archiveOrRestore(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    const archived = (posted.request.route as { path: string }).path.endsWith('/archive');
    const input = { ...posted.acting, documentId: posted.id('id'), expectedUpdatedAt: stampOf(posted.form) };
    await (archived ? this.archiveDocument : this.restoreDocument).execute(input);
    redirect(response, `/console/documents/${input.documentId}/edit?done=${archived ? 'archived' : 'restored'}`);
  }

  private async render(
    visit: MemberVisit,
    response: Response,
    extra: { draft?: RevisionDraft; notice?: string },
  ): Promise<void> {
    const reference = { organizationId: visit.organizationId, documentId: visit.id('id') };
    const [{ document }, latest] = await Promise.all([
      this.showDocument.execute(reference),
      // The form starts from the text people sign today, so an editor edits rather than retypes it.
      extra.draft ? null : this.showLatestRevision.execute(reference),
    ]);
    const draft = extra.draft ?? (latest ? { content: latest.content } : undefined);
    sendConsolePage(response, 200, DocumentEditingPage({ ...visit.chrome, document, latest, ...extra, draft }));
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
