import { Body, Controller, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import {
  answerPage,
  describeBodyLimit,
  LARGE_BODY_LIMIT_BYTES,
  PageQuery,
  UlidPathPipe,
  wantsArchived,
} from '@lib/http';
import { AppConfig } from '../../config/app-config';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import type { Actor } from '../../identity/application/actor';
import { actingOn } from '../../identity/http/acting-on';
import { CurrentActor } from '../../identity/http/current-actor.decorator';
import { ArchiveDocument } from '../application/archive-document.use-case';
import { CreateDocument } from '../application/create-document.use-case';
import { ListDocumentRevisions } from '../application/list-document-revisions.use-case';
import { ListDocuments } from '../application/list-documents.use-case';
import { PublishDocumentRevision } from '../application/publish-document-revision.use-case';
import { RestoreDocument } from '../application/restore-document.use-case';
import { ShowDocument } from '../application/show-document.use-case';
import { UpdateDocument } from '../application/update-document.use-case';
import { REVISION_FORMATS } from '../domain/document-revision';
import { DocumentPathGuard } from './document-path.guard';
import { presentDocument, presentPublishedRevision, presentRevision } from './document.presenter';
import { DocumentPage, DocumentResponse, DocumentRevisionPage, PublishedRevisionResponse } from './document.response';
import { CreateDocumentBody, ListDocumentsQuery, PublishRevisionBody, UpdateDocumentBody } from './documents.dto';
import { DocumentsEndpoint, DocumentEndpoint } from './documents-endpoints';

@Controller('documents')
@UseGuards(DocumentPathGuard)
export class DocumentsController {
  constructor(
    private readonly config: AppConfig,
    private readonly listDocuments: ListDocuments,
    private readonly showDocument: ShowDocument,
    private readonly createDocument: CreateDocument,
    private readonly updateDocument: UpdateDocument,
    private readonly archiveDocument: ArchiveDocument,
    private readonly restoreDocument: RestoreDocument,
    private readonly publishRevision: PublishDocumentRevision,
    private readonly listRevisions: ListDocumentRevisions,
  ) {}

  @Get()
  @DocumentsEndpoint({
    operationId: 'listDocuments',
    summary: 'List documents',
    description: 'Active documents by default, ordered by name, each with its attestation counts.',
    success: { status: 200, description: 'A page of documents.', type: DocumentPage },
    unprocessable: 'A filter or paging parameter is invalid.',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListDocumentsQuery) {
    const filter = { name: query.name ?? undefined, archived: wantsArchived(query) };
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/documents`,
      (page) => this.listDocuments.execute({ organizationId: principal.organization.id, filter, page }),
      presentDocument,
      { name: filter.name, archived: query.archived },
    );
  }

  @Post()
  @DocumentsEndpoint({
    operationId: 'createDocument',
    summary: 'Create a document',
    description:
      'A `signature` document, unpublished until a revision is published. `requires_signature` defaults to true, ' +
      '`auto_renew` to false, `renewal_interval_days` to null (never due again).',
    success: { status: 201, description: 'The new document.', type: DocumentResponse },
    jsonBody: true,
    unprocessable: 'A field is missing or invalid (`renewal_interval_days` outside 1..3650 included).',
  })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateDocumentBody) {
    const listing = await this.createDocument.execute({
      organizationId: principal.organization.id,
      name: body.name,
      requiresSignature: body.requires_signature,
      renewalIntervalDays: body.renewal_interval_days,
      autoRenew: body.auto_renew,
    });
    return presentDocument(listing);
  }

  @Get(':id')
  @DocumentEndpoint({
    operationId: 'showDocument',
    summary: 'Show a document',
    description: 'The document as the list shows it, with its attestation counts, archived or not.',
    success: {
      status: 200,
      description: 'The document with its attestation counts, archived or not.',
      type: DocumentResponse,
    },
  })
  async show(@CurrentPrincipal() principal: Principal, @Param('id', UlidPathPipe) id: string) {
    return presentDocument(
      await this.showDocument.execute({ organizationId: principal.organization.id, documentId: id }),
    );
  }

  @Patch(':id')
  @DocumentEndpoint({
    operationId: 'updateDocument',
    summary: 'Change a document',
    description:
      'Any of `name`, `requires_signature`, `renewal_interval_days`, `auto_renew`, with the rules of POST /documents; ' +
      'absent fields keep their value. Requests and attestations already made stay as they are.',
    success: { status: 200, description: 'The document as it is now.', type: DocumentResponse },
    jsonBody: true,
    unprocessable: 'A field is invalid, or `name` is null or empty.',
  })
  async update(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string, @Body() body: UpdateDocumentBody) {
    const listing = await this.updateDocument.execute(
      actingOn(actor, {
        documentId: id,
        changes: {
          name: body.name,
          requiresSignature: body.requires_signature,
          renewalIntervalDays: body.renewal_interval_days,
          autoRenew: body.auto_renew,
        },
      }),
    );
    return presentDocument(listing);
  }

  @Post(':id/archive')
  @DocumentEndpoint({
    operationId: 'archiveDocument',
    summary: 'Archive a document',
    description:
      'Sets `archived_at`: the document leaves the default list and no new request can be sent for it. Its ' +
      'requests, attestations, assignments and groups stay. Archiving an archived document changes nothing. A JSON ' +
      'body is ignored.',
    success: { status: 200, description: 'The document, archived.', type: DocumentResponse },
    jsonBody: true,
  })
  async archive(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string) {
    return presentDocument(await this.archiveDocument.execute(actingOn(actor, { documentId: id })));
  }

  @Post(':id/restore')
  @DocumentEndpoint({
    operationId: 'restoreDocument',
    summary: 'Restore an archived document',
    description: 'Clears `archived_at`. Restoring an active document changes nothing. A JSON body is ignored.',
    success: { status: 200, description: 'The document, active.', type: DocumentResponse },
    jsonBody: true,
  })
  async restore(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string) {
    return presentDocument(await this.restoreDocument.execute(actingOn(actor, { documentId: id })));
  }

  @Post(':id/revisions')
  @DocumentEndpoint({
    operationId: 'publishDocumentRevision',
    summary: 'Publish a new revision',
    description:
      'The revision becomes the latest: people who attested an earlier one move to `attested_outdated` in the ' +
      'counts, and later requests are for it. Nothing is sent to anyone. The body may be up to ' +
      `${describeBodyLimit(LARGE_BODY_LIMIT_BYTES)} on this route (the content up to 500,000 characters, however ` +
      'escaped); every other route keeps 1 MiB.',
    success: { status: 201, description: 'The published revision.', type: PublishedRevisionResponse },
    jsonBody: true,
    bodyLimit: describeBodyLimit(LARGE_BODY_LIMIT_BYTES),
    unprocessable:
      '`format` is missing or not `markdown`/`text`, or `content` is not a string of at most 500,000 characters.',
  })
  async publish(
    @CurrentActor() actor: Actor,
    @Param('id', UlidPathPipe) id: string,
    @Body() body: PublishRevisionBody,
  ) {
    const published = await this.publishRevision.execute(
      actingOn(actor, {
        documentId: id,
        content: body.content ?? '',
        contentType: REVISION_FORMATS[body.format],
      }),
    );
    return presentPublishedRevision(published);
  }

  @Get(':id/revisions')
  @DocumentEndpoint({
    operationId: 'listDocumentRevisions',
    summary: "List a document's revisions",
    description: 'Published revisions, newest first (then by id, descending), without their text.',
    success: { status: 200, description: 'A page of revisions.', type: DocumentRevisionPage },
    unprocessable: 'A paging parameter is invalid.',
  })
  async revisions(
    @CurrentPrincipal() principal: Principal,
    @Param('id', UlidPathPipe) id: string,
    @Query() query: PageQuery,
  ) {
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/documents/${id}/revisions`,
      (page) => this.listRevisions.execute({ organizationId: principal.organization.id, documentId: id, page }),
      presentRevision,
    );
  }
}
