import { Get, Post, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { PageRequest } from '@lib/http';
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
import { CONSOLE_HEADERS, redirect, sendConsolePage } from './console-page';
import { pageParam, textParam } from './console-query';
import { ConsoleController } from './console-controller';
import { MemberVisit, Posted, Visit } from './console-visit';
import { readsInScope, ScopedDirectory } from './scoped-directory';

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

/** The person's fields, as the forms that add and change a person send them. */
const personOf = (form: URLSearchParams) => ({
  firstName: optional(form, 'first_name'),
  lastName: form.get('last_name') ?? '',
  email: form.get('email') ?? '',
  phone: optional(form, 'phone'),
  locale: optional(form, 'locale'),
});

/**
 * People: owners and administrators read and change everyone (the use-cases of /people, and the evidence of
 * /attestation-requests); a group manager reads the people of their groups (ScopedDirectory).
 */
@ConsoleController('')
export class PeopleController {
  constructor(
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
    private readonly scoped: ScopedDirectory,
  ) {}

  @Get('people')
  async list(@Visit('viewing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    if (readsInScope(visit)) return this.scoped.people(visit, response);
    const page = pageParam(visit.request);
    const search = textParam(visit.request, 'search');
    const archived = textParam(visit.request, 'archived') === '1';
    const people = await this.listPeople.execute({
      organizationId: visit.organizationId,
      // An address is looked for among emails, anything else among names.
      filter: search.includes('@') ? { email: search, archived } : { name: search || undefined, archived },
      page,
    });
    sendConsolePage(
      response,
      200,
      PeoplePage({
        ...visit.chrome,
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
  async create(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    const person = await this.createPerson.execute({ ...posted.acting, ...personOf(posted.form) });
    redirect(response, `/console/people/${person.id}?done=added`);
  }

  @Get('people/:id')
  async show(@Visit('viewing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    if (readsInScope(visit)) return this.scoped.person(visit, response);
    const organizationId = visit.organizationId;
    const person = await this.showPerson.execute({ organizationId, personId: visit.id('id') });
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
    sendConsolePage(
      response,
      200,
      PersonPage({ ...visit.chrome, person, requests: requests.items, documentNames, notice: visit.notice(NOTICES) }),
    );
  }

  @Post('people/:id')
  async update(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    await this.updatePerson.execute({ ...posted.acting, personId: posted.id('id'), changes: personOf(posted.form) });
    redirect(response, `/console/people/${posted.id('id')}?done=saved`);
  }

  /** Archiving and restoring differ only in their use-case and their notice: one handler, two routes. */
  @Post(['people/:id/archive', 'people/:id/restore'])
  async archiveOrRestore(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    const archiving = (posted.request.route as { path: string }).path.endsWith('/archive');
    const input = { ...posted.acting, personId: posted.id('id') };
    await (archiving ? this.archivePerson : this.restorePerson).execute(input);
    redirect(response, `/console/people/${input.personId}?done=${archiving ? 'archived' : 'restored'}`);
  }

  /** The evidence record, as GET /attestation-requests/{id}/evidence answers it. */
  @Get('requests/:id/evidence')
  async evidence(@Visit('managing') visit: MemberVisit, @Res() response: Response) {
    const evidence = await this.showEvidence.execute({
      organizationId: visit.organizationId,
      requestId: visit.id('id'),
    });
    response
      .status(200)
      .set({ ...CONSOLE_HEADERS, 'Content-Type': 'application/json; charset=utf-8' })
      .send(JSON.stringify(presentAttestationEvidence(evidence), null, 2));
  }

  /** The certificate of completion, as GET /attestation-requests/{id}/certificate answers it. */
  @Get('requests/:id/certificate')
  async certificate(
    @Visit('managing') visit: MemberVisit,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { requestId, pdf } = await this.renderCertificate.execute({
      organizationId: visit.organizationId,
      requestId: visit.id('id'),
    });
    response.set(CONSOLE_HEADERS);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="attestation-${requestId}.pdf"`,
      length: pdf.length,
    });
  }
}
