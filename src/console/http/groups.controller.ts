import { Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PageRequest, UlidPathPipe } from '@lib/http';
import { PageError } from '../../attestation-page/http/page-error';
import { AddPeopleToGroup } from '../../groups/application/add-people-to-group.use-case';
import { CreateGroup } from '../../groups/application/create-group.use-case';
import { ListGroupDocuments } from '../../groups/application/list-group-documents.use-case';
import { ListGroupManagers } from '../../groups/application/list-group-managers.use-case';
import { ListGroupMembers } from '../../groups/application/list-group-members.use-case';
import { ListGroups } from '../../groups/application/list-groups.use-case';
import { RemovePersonFromGroup } from '../../groups/application/remove-person-from-group.use-case';
import { SetGroupManagers } from '../../groups/application/set-group-managers.use-case';
import { ShowGroup } from '../../groups/application/show-group.use-case';
import { UpdateGroup } from '../../groups/application/update-group.use-case';
import { ListPeople } from '../../people/application/list-people.use-case';
import { ListMembers } from '../../sign-in/application/list-members.use-case';
import { GroupPage, GroupsPage } from '../views/groups-pages';
import { managingForm } from './console-actor';
import { ConsoleDoor } from './console-door';
import { redirect, sendConsolePage } from './console-page';
import { noticeParam, pageParam } from './console-query';
import { ConsoleController } from './console-controller';

/** Addresses pasted at once: as many as the API's `person_ids` takes. */
const MAX_PASTED = 100;
const DOCUMENTS_SHOWN = 100;

/** Groups (owners and administrators): the use-cases of /groups, /groups/{id}/people and /groups/{id}/documents. */
@ConsoleController('groups')
export class GroupsController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly listGroups: ListGroups,
    private readonly createGroup: CreateGroup,
    private readonly showGroup: ShowGroup,
    private readonly updateGroup: UpdateGroup,
    private readonly listMembers: ListGroupMembers,
    private readonly listDocuments: ListGroupDocuments,
    private readonly addPeople: AddPeopleToGroup,
    private readonly removePerson: RemovePersonFromGroup,
    private readonly listPeople: ListPeople,
    private readonly listManagers: ListGroupManagers,
    private readonly setManagers: SetGroupManagers,
    private readonly listUsers: ListMembers,
  ) {}

  @Get()
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const page = pageParam(request);
    const groups = await this.listGroups.execute({ organizationId: context.current.organizationId, page });
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(
      response,
      200,
      GroupsPage({ context, csrf, groups: groups.items, page: page.page, perPage: page.perPage, total: groups.total }),
    );
  }

  @Post()
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { context, form, actor } = await managingForm(this.door, request);
    const group = await this.createGroup.execute({
      organizationId: context.current.organizationId,
      actor,
      name: form.get('name') ?? '',
      autoIssueRequests: form.get('auto_issue_requests') === '1',
    });
    redirect(response, `/console/groups/${group.id}?done=created`);
  }

  @Get(':id')
  async show(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const organizationId = context.current.organizationId;
    const page = pageParam(request);
    const group = await this.showGroup.execute({ organizationId, groupId: id });
    const [members, documents, managers, users] = await Promise.all([
      this.listMembers.execute({ organizationId, groupId: group.id, page }),
      this.listDocuments.execute({ organizationId, groupId: group.id, page: new PageRequest(1, DOCUMENTS_SHOWN) }),
      this.listManagers.execute({ organizationId, groupId: group.id }),
      this.listUsers.execute(organizationId),
    ]);
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(
      response,
      200,
      GroupPage({
        context,
        csrf,
        group,
        members: members.items,
        membersTotal: members.total,
        page: page.page,
        perPage: page.perPage,
        documents: documents.items,
        managers,
        candidates: users.filter((user) => user.role === 'group_manager'),
        notice: noticeParam(request, noticeOf),
      }),
    );
  }

  @Post(':id')
  async update(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, form, actor } = await managingForm(this.door, request);
    await this.updateGroup.execute({
      organizationId: context.current.organizationId,
      groupId: id,
      actor,
      changes: { name: form.get('name') ?? '', autoIssueRequests: form.get('auto_issue_requests') === '1' },
    });
    redirect(response, `/console/groups/${id}?done=saved`);
  }

  /** Pasted addresses: each is looked up among the organization's active people; unknown ones are reported. */
  @Post(':id/members')
  async add(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, form, actor } = await managingForm(this.door, request);
    const organizationId = context.current.organizationId;
    const emails = [
      ...new Set(
        (form.get('emails') ?? '')
          .split(/[\s,;]+/)
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (emails.length === 0 || emails.length > MAX_PASTED) {
      throw new PageError(422, 'Please check what you entered', `Paste from 1 to ${MAX_PASTED} email addresses.`);
    }
    const found = await Promise.all(
      emails.map(async (email) => {
        const page = await this.listPeople.execute({
          organizationId,
          filter: { email, archived: false },
          page: new PageRequest(1, 5),
        });
        return page.items.find((person) => person.email.toLowerCase() === email) ?? null;
      }),
    );
    const personIds = found.flatMap((person) => (person ? [person.id] : []));
    if (personIds.length > 0) await this.addPeople.execute({ organizationId, groupId: id, personIds, actor });
    redirect(response, `/console/groups/${id}?done=added-${personIds.length}-of-${emails.length}`);
  }

  /** The ticked users replace the group's managers, as `PUT /groups/{id}/managers` does. */
  @Post(':id/managers')
  async replaceManagers(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, form, actor } = await managingForm(this.door, request);
    const group = await this.showGroup.execute({ organizationId: context.current.organizationId, groupId: id });
    await this.setManagers.execute({ actor, group, userIds: form.getAll('user_id') });
    redirect(response, `/console/groups/${id}?done=managers`);
  }

  @Post(':id/members/:personId/remove')
  async remove(
    @Param('id', UlidPathPipe) id: string,
    @Param('personId', UlidPathPipe) personId: string,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    const { context, actor } = await managingForm(this.door, request);
    const organizationId = context.current.organizationId;
    await this.removePerson.execute({ organizationId, groupId: id, personId, actor });
    redirect(response, `/console/groups/${id}?done=removed`);
  }
}

function noticeOf(done: string): string | undefined {
  if (done === 'created') return 'The group was created.';
  if (done === 'saved') return 'The changes were saved.';
  if (done === 'removed') return 'The person was removed from the group.';
  if (done === 'managers') return "The group's managers were saved.";
  const added = /^added-(\d{1,3})-of-(\d{1,3})$/.exec(done);
  if (!added) return undefined;
  const [, count, of] = added;
  const unknown = Number(of) - Number(count);
  return `${count} of ${of} added.${unknown > 0 ? ` ${unknown} address(es) belong to no active person.` : ''}`;
}
