import { Body, Controller, Delete, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { answerPage, PageQuery, UlidPathPipe } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import { presentDocument } from '../../documents/http/document.presenter';
import { DocumentPage } from '../../documents/http/document.response';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { FoundInPath } from '../../identity/http/organization-path.guard';
import { presentPerson } from '../../people/http/person.presenter';
import { PersonPage } from '../../people/http/person.response';
import type { Actor } from '../../identity/application/actor';
import { actingOn } from '../../identity/http/acting-on';
import { CurrentActor } from '../../identity/http/current-actor.decorator';
import { CreateGroup } from '../application/create-group.use-case';
import { DeleteGroup } from '../application/delete-group.use-case';
import { ListGroupDocuments } from '../application/list-group-documents.use-case';
import { ListGroupMembers } from '../application/list-group-members.use-case';
import { ListGroups } from '../application/list-groups.use-case';
import { ShowGroup } from '../application/show-group.use-case';
import { UpdateGroup } from '../application/update-group.use-case';
import type { Group } from '../domain/group';
import { GroupEndpoint, GroupsEndpoint } from './group-endpoint';
import { GroupPathGuard } from './group-path.guard';
import { presentGroup, presentGroupDetails } from './group.presenter';
import { GroupDetailsResponse, GroupPage } from './group.response';
import { CreateGroupBody, UpdateGroupBody } from './groups.dto';

@Controller('groups')
@UseGuards(GroupPathGuard)
export class GroupsController {
  constructor(
    private readonly config: AppConfig,
    private readonly listGroups: ListGroups,
    private readonly showGroup: ShowGroup,
    private readonly createGroup: CreateGroup,
    private readonly updateGroup: UpdateGroup,
    private readonly deleteGroup: DeleteGroup,
    private readonly listMembers: ListGroupMembers,
    private readonly listDocuments: ListGroupDocuments,
  ) {}

  @Get()
  @GroupsEndpoint({
    operationId: 'listGroups',
    summary: 'List groups',
    description: 'Ordered by name.',
    success: { status: 200, description: 'A page of groups.', type: GroupPage },
    unprocessable: 'A paging parameter is invalid.',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/groups`,
      (page) => this.listGroups.execute({ organizationId: principal.organization.id, page }),
      presentGroup,
    );
  }

  @Post()
  @GroupsEndpoint({
    operationId: 'createGroup',
    summary: 'Create a group',
    description: 'Without documents or members. `auto_issue_requests` defaults to false.',
    success: { status: 201, description: 'The new group.', type: GroupDetailsResponse },
    jsonBody: true,
    unprocessable: '`name` is missing, empty or over 255 characters, or `auto_issue_requests` is not a boolean.',
  })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateGroupBody) {
    const group = await this.createGroup.execute(
      actingOn(actor, { name: body.name, autoIssueRequests: body.auto_issue_requests }),
    );
    return presentGroupDetails(group);
  }

  @Get(':group')
  @GroupEndpoint({
    operationId: 'showGroup',
    summary: 'Show a group',
    description: 'The group with its `auto_issue_requests` setting (the list shows the Group alone).',
    success: { status: 200, description: 'The group with its setting.', type: GroupDetailsResponse },
  })
  async show(@FoundInPath('group') group: Group) {
    return presentGroupDetails(await this.showGroup.execute({ group }));
  }

  @Patch(':group')
  @GroupEndpoint({
    operationId: 'updateGroup',
    summary: 'Change a group',
    description:
      'Any of `name`, `auto_issue_requests`; absent fields keep their value. Turning `auto_issue_requests` on issues ' +
      'nothing to the current members, only to people and documents added later.',
    success: { status: 200, description: 'The group as it is now.', type: GroupDetailsResponse },
    jsonBody: true,
    unprocessable: '`name` is null, empty or over 255 characters, or `auto_issue_requests` is not a boolean.',
  })
  async update(@CurrentActor() actor: Actor, @FoundInPath('group') group: Group, @Body() body: UpdateGroupBody) {
    const changes = { name: body.name, autoIssueRequests: body.auto_issue_requests };
    return presentGroupDetails(await this.updateGroup.execute({ group, changes, actor }));
  }

  @Delete(':group')
  @GroupEndpoint({
    operationId: 'deleteGroup',
    summary: 'Delete a group',
    description:
      'Its memberships and its list of documents go with it; the documents it assigned and the requests it ' +
      'issued stay, so attestation counts do not change.',
    success: { status: 204, description: 'Deleted; no body.' },
  })
  async delete(@CurrentActor() actor: Actor, @FoundInPath('group') group: Group): Promise<void> {
    await this.deleteGroup.execute({ group, actor });
  }

  @Get(':group/people')
  @GroupEndpoint({
    operationId: 'listGroupMembers',
    summary: "List a group's members",
    description: 'People in the group, archived ones included, in the order they joined, then by id.',
    success: { status: 200, description: 'A page of people.', type: PersonPage },
    unprocessable: 'A paging parameter is invalid.',
  })
  async members(
    @CurrentPrincipal() principal: Principal,
    @Param('group', UlidPathPipe) groupId: string,
    @Query() query: PageQuery,
  ) {
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/groups/${groupId}/people`,
      (page) => this.listMembers.execute({ organizationId: principal.organization.id, groupId, page }),
      presentPerson,
    );
  }

  @Get(':group/documents')
  @GroupEndpoint({
    operationId: 'listGroupDocuments',
    summary: "List a group's documents",
    description: "The group's documents, archived ones included, by name then id, each with its attestation counts.",
    success: { status: 200, description: 'A page of documents.', type: DocumentPage },
    unprocessable: 'A paging parameter is invalid.',
  })
  async documents(
    @CurrentPrincipal() principal: Principal,
    @Param('group', UlidPathPipe) groupId: string,
    @Query() query: PageQuery,
  ) {
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/groups/${groupId}/documents`,
      (page) => this.listDocuments.execute({ organizationId: principal.organization.id, groupId, page }),
      presentDocument,
    );
  }
}
