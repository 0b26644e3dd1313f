import { Get, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PageRequest, UlidPathPipe } from '@lib/http';
import { RenderCertificate } from '../../attestation-evidence/application/render-certificate.use-case';
import { ShowAttestationEvidence } from '../../attestation-evidence/application/show-attestation-evidence.use-case';
import { presentAttestationEvidence } from '../../attestation-evidence/http/attestation-evidence.presenter';
import { ListAttestationRequests } from '../../attestation-requests/application/list-attestation-requests.use-case';
import { ShowDocument } from '../../documents/application/show-document.use-case';
import { ArchivePerson } from '../../people/application/archive-person.use-case';
import { CreatePerson } from '../../people/application/create-person.use-case';
import { ListPeople } from '../../people/application/list-people.use-case';
import { RestorePerson } from '../../people/application/restore-person.use-case';
import { ShowPerson } from '../../people/application/show-person.use-case';
import { UpdatePerson } from '../../people/application/update-person.use-case';
import { PeoplePage, PersonPage } from '../views/people-pages';
import { managingForm } from './console-actor';
import { CONSOLE_HEADERS, redirect, sendConsolePage } from './console-page';
import { ConsoleDoor } from './console-door';
import { noticeParam, pageParam, textParam } from './console-query';
import { ConsoleController } from './console-controller';

const NOTICES: Record<string, string> = {
  added: 'The person was added.',
  saved: 'The changes were saved.',
  archived: 'The person was archived.',
  restored: 'The person was restored.',
};

/** A person's requests shown on their page: the API pages beyond them. */
const REQUESTS_SHOWN = 50;

const optional = (form: URLSearchParams, name: string) => {
  const value = form.get(name)?.trim();
  return value ? value : null;
};

/** People (owners and administrators): the use-cases of /people, and the evidence of /attestation-requests. */
@ConsoleController('')
export class PeopleController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly listPeople: ListPeople,
    private readonly createPerson: CreatePerson,
    private readonly showPerson: ShowPerson,
    private readonly updatePerson: UpdatePerson,
    private readonly archivePerson: ArchivePerson,
    private readonly restorePerson: RestorePerson,
    private readonly listRequests: ListAttestationRequests,
    private readonly showDocument: ShowDocument,
    private readonly showEvidence: ShowAttestationEvidence,
    private readonly renderCertificate: RenderCertificate,
  ) {}

  @Get('people')
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const page = pageParam(request);
    const search = textParam(request, 'search');
    const archived = textParam(request, 'archived') === '1';
    const people = await this.listPeople.execute({
      organizationId: context.current.organizationId,
      // An address is looked for among emails, anything else among names.
      filter: search.includes('@') ? { email: search, archived } : { name: search || undefined, archived },
      page,
    });
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(
      response,
      200,
      PeoplePage({
        context,
        csrf,
        people: people.items,
        page: page.page,
        perPage: page.perPage,
        total: people.total,
        search,
        archived,
      }),
    );
  }

  @Post('people')
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { context, form, actor } = await managingForm(this.door, request);
    const person = await this.createPerson.execute({
      organizationId: context.current.organizationId,
      actor,
      firstName: optional(form, 'first_name'),
      lastName: form.get('last_name') ?? '',
      email: form.get('email') ?? '',
      phone: optional(form, 'phone'),
      locale: optional(form, 'locale'),
    });
    redirect(response, `/console/people/${person.id}?done=added`);
  }

  @Get('people/:id')
  async show(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const organizationId = context.current.organizationId;
    const person = await this.showPerson.execute({ organizationId, personId: id });
    const requests = await this.listRequests.execute({
      organizationId,
      filter: { personId: person.id },
      page: new PageRequest(1, REQUESTS_SHOWN),
    });
    const documentIds = [...new Set(requests.items.map((r) => r.documentId))];
    const documents = await Promise.all(
      documentIds.map((documentId) => this.showDocument.execute({ organizationId, documentId })),
    );
    const documentNames = new Map(documents.map((listing) => [listing.document.id, listing.document.name]));
    const csrf = this.door.formToken(request, response, context);
    const notice = noticeParam(request, NOTICES);
    sendConsolePage(
      response,
      200,
      PersonPage({ context, csrf, person, requests: requests.items, documentNames, notice }),
    );
  }

  @Post('people/:id')
  async update(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, form, actor } = await managingForm(this.door, request);
    await this.updatePerson.execute({
      organizationId: context.current.organizationId,
      personId: id,
      actor,
      changes: {
        firstName: optional(form, 'first_name'),
        lastName: form.get('last_name') ?? '',
        email: form.get('email') ?? '',
        phone: optional(form, 'phone'),
        locale: optional(form, 'locale'),
      },
    });
    redirect(response, `/console/people/${id}?done=saved`);
  }

  @Post('people/:id/archive')
  async archive(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, actor } = await managingForm(this.door, request);
    await this.archivePerson.execute({ organizationId: context.current.organizationId, personId: id, actor });
    redirect(response, `/console/people/${id}?done=archived`);
  }

  @Post('people/:id/restore')
  async restore(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, actor } = await managingForm(this.door, request);
    await this.restorePerson.execute({ organizationId: context.current.organizationId, personId: id, actor });
    redirect(response, `/console/people/${id}?done=restored`);
  }

  /** The evidence record, as GET /attestation-requests/{id}/evidence answers it. */
  @Get('requests/:id/evidence')
  async evidence(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const context = await this.door.managing(request);
    const evidence = await this.showEvidence.execute({ organizationId: context.current.organizationId, requestId: id });
    response
      .status(200)
      .set({ ...CONSOLE_HEADERS, 'Content-Type': 'application/json; charset=utf-8' })
      .send(JSON.stringify(presentAttestationEvidence(evidence), null, 2));
  }

  /** The certificate of completion, as GET /attestation-requests/{id}/certificate answers it. */
  @Get('requests/:id/certificate')
  async certificate(
    @Param('id', UlidPathPipe) id: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const context = await this.door.managing(request);
    const { requestId, pdf } = await this.renderCertificate.execute({
      organizationId: context.current.organizationId,
      requestId: id,
    });
    response.set(CONSOLE_HEADERS);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="attestation-${requestId}.pdf"`,
      length: pdf.length,
    });
  }
}
