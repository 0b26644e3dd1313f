import { Body, Controller, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { answerPage, UlidPathPipe, wantsArchived } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import type { Actor } from '../../identity/application/actor';
import { actingOn } from '../../identity/http/acting-on';
import { CurrentActor } from '../../identity/http/current-actor.decorator';
import { ArchivePerson } from '../application/archive-person.use-case';
import { CreatePerson } from '../application/create-person.use-case';
import { FindPersonById } from '../application/find-person-by-id.use-case';
import { ListPeople } from '../application/list-people.use-case';
import type { PeopleFilter } from '../application/person.repository';
import { RestorePerson } from '../application/restore-person.use-case';
import { ShowPerson } from '../application/show-person.use-case';
import { UpdatePerson } from '../application/update-person.use-case';
import { CreatePersonBody, ListPeopleQuery, personDetailsOf, UpdatePersonBody } from './people.dto';
import { PersonPathGuard } from './person-path.guard';
import { presentPerson } from './person.presenter';
import { PersonList, PersonPage, PersonResponse } from './person.response';
import { PeopleEndpoint, PersonEndpoint } from './people-endpoints';

@Controller('people')
export class PeopleController {
  constructor(
    private readonly config: AppConfig,
    private readonly listPeople: ListPeople,
    private readonly findPersonById: FindPersonById,
    private readonly createPerson: CreatePerson,
    private readonly showPerson: ShowPerson,
    private readonly updatePerson: UpdatePerson,
    private readonly archivePerson: ArchivePerson,
    private readonly restorePerson: RestorePerson,
  ) {}

  /** A page of people; with `id`, a bare `{ data }` holding that person or nobody. */
  @Get()
  @PeopleEndpoint({
    operationId: 'listPeople',
    summary: 'List people',
    description:
      'Active people by default, ordered by creation. With `id`, answers `{ data }` holding that person or nobody ' +
      '(the other filters still apply).',
    success: {
      status: 200,
      description: 'A page of people, or the bare list when filtered by `id`.',
      oneOf: [PersonPage, PersonList],
    },
    unprocessable: 'A filter or paging parameter is invalid (e.g. `per_page` over 100, a malformed `id`).',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListPeopleQuery) {
    const organizationId = principal.organization.id;
    const filter: PeopleFilter = {
      name: query.name ?? undefined,
      email: query.email ?? undefined,
      phone: query.phone ?? undefined,
      externalId: query.external_id ?? undefined,
      archived: wantsArchived(query),
    };
    if (query.id) {
      const people = await this.findPersonById.execute({ organizationId, id: query.id, filter });
      return { data: people.map(presentPerson) };
    }
    const linkFilters = {
      name: filter.name,
      email: filter.email,
      phone: filter.phone,
      external_id: filter.externalId,
      archived: query.archived,
    };
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/people`,
      (page) => this.listPeople.execute({ organizationId, filter, page }),
      presentPerson,
      linkFilters,
    );
  }

  @Post()
  @PeopleEndpoint({
    operationId: 'createPerson',
    summary: 'Add a person',
    description: "Sends no invitation and no request. The person's `source` is `oauth`.",
    success: { status: 201, description: 'The new person.', type: PersonResponse },
    jsonBody: true,
    unprocessable:
      'A field is missing or invalid, or the email is already taken in the organization (archived people included).',
  })
  async create(@CurrentActor() actor: Actor, @Body() body: CreatePersonBody) {
    const person = await this.createPerson.execute(actingOn(actor, personDetailsOf(body)));
    return presentPerson(person);
  }

  @Get(':id')
  @PersonEndpoint({
    operationId: 'showPerson',
    summary: 'Show a person',
    description:
      'One person of the organization, archived or not. An id of another organization, or a malformed one, answers ' +
      '404 like a missing one.',
    success: { status: 200, description: 'The person, archived or not.', type: PersonResponse },
  })
  async show(@CurrentPrincipal() principal: Principal, @Param('id', UlidPathPipe) id: string) {
    return presentPerson(await this.showPerson.execute({ organizationId: principal.organization.id, personId: id }));
  }

  @Patch(':id')
  @UseGuards(PersonPathGuard)
  @PersonEndpoint({
    operationId: 'updatePerson',
    summary: 'Change a person',
    description:
      'Any of `first_name`, `last_name`, `email`, `phone`, `locale`, with the rules of POST /people; absent fields keep their ' +
      'value. Requests already sent keep the name and email they were sent to; later requests use the new ones.',
    success: { status: 200, description: 'The person as it is now.', type: PersonResponse },
    jsonBody: true,
    unprocessable:
      'A field is invalid, `last_name` or `email` is null or empty, or the email is taken by another person of the ' +
      'organization (archived people included).',
  })
  async update(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string, @Body() body: UpdatePersonBody) {
    const person = await this.updatePerson.execute(actingOn(actor, { personId: id, changes: personDetailsOf(body) }));
    return presentPerson(person);
  }

  @Post(':id/archive')
  @UseGuards(PersonPathGuard)
  @PersonEndpoint({
    operationId: 'archivePerson',
    summary: 'Archive a person',
    description:
      'Sets `archived_at`; the person leaves the default list and can no longer be added to groups. Memberships, ' +
      'assignments and requests stay as they are. Archiving an archived person changes nothing. A JSON body is ' +
      'ignored.',
    success: { status: 200, description: 'The person, archived.', type: PersonResponse },
    jsonBody: true,
  })
  async archive(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string) {
    return presentPerson(await this.archivePerson.execute(actingOn(actor, { personId: id })));
  }

  @Post(':id/restore')
  @UseGuards(PersonPathGuard)
  @PersonEndpoint({
    operationId: 'restorePerson',
    summary: 'Restore an archived person',
    description:
      'Clears `archived_at`; the person is listed again and can be added to groups. Restoring an active person ' +
      'changes nothing. A JSON body is ignored.',
    success: { status: 200, description: 'The person, active.', type: PersonResponse },
    jsonBody: true,
  })
  async restore(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string) {
    return presentPerson(await this.restorePerson.execute(actingOn(actor, { personId: id })));
  }
}
