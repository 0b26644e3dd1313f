import { Controller, Get, Query } from '@nestjs/common';
import { ApiEndpoint, PageRequest, toEnvelope, wantsArchived } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { ListDocuments } from '../application/list-documents.use-case';
import { presentDocument } from './document.presenter';
import { DocumentPage } from './document.response';
import { ListDocumentsQuery } from './documents.dto';

@Controller('documents')
export class DocumentsController {
  constructor(
    private readonly config: AppConfig,
    private readonly listDocuments: ListDocuments,
  ) {}

  @Get()
  @ApiEndpoint({
    operationId: 'listDocuments',
    tag: 'Documents',
    summary: 'List documents',
    description: 'Active documents by default, ordered by name, each with its attestation counts.',
    success: { status: 200, description: 'A page of documents.', type: DocumentPage },
    unprocessable: 'A filter or paging parameter is invalid.',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListDocumentsQuery) {
    const filter = { name: query.name ?? undefined, archived: wantsArchived(query) };
    const request = PageRequest.from(query);
    const page = await this.listDocuments.execute({ organizationId: principal.organization.id, filter, page: request });
    const linkFilters = { name: filter.name, archived: query.archived };
    return toEnvelope(page, request, `${this.config.apiBaseUrl}/documents`, linkFilters, presentDocument);
  }
}
