import { Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PageRequest } from '@lib/http';
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
import { redirect, sendConsolePage } from './console-page';
import { pageParam } from './console-query';
import { ConsoleController } from './console-controller';
import { MemberVisit, Posted, Visit } from './console-visit';
import { readsInScope, ScopedDirectory } from './scoped-directory';

/** Addresses pasted at once: as many as the API's `person_ids` takes. */
const MAX_PASTED = 100;
const DOCUMENTS_SHOWN = 100;

/**
 * Groups: owners and administrators read and change every group (the use-cases of /groups, /groups/{id}/people and
 * /groups/{id}/documents); a group manager reads those in their charge (ScopedDirectory).
 */
@ConsoleController('groups')
export class GroupsController {
  constructor(
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
    private readonly scoped: ScopedDirectory,
  ) {}

  @Get()
  async list(@Visit('viewing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    if (readsInScope(visit)) return this.scoped.groups(visit, response);
    const page = pageParam(visit.request);
    const groups = await this.listGroups.execute({ organizationId: visit.organizationId, page });
    sendConsolePage(
      response,
      200,
      GroupsPage({
        ...visit.chrome,
        groups: groups.items,
        page: page.page,
        perPage: page.perPage,
        total: groups.total,
      }),
    );
  }

  @Post()
  async create(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    const group = await this.createGroup.execute({ ...posted.acting, ...groupOf(posted.form) });
    redirect(response, `/console/groups/${group.id}?done=created`);
  }

  @Get(':id')
  async show(@Visit('viewing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    if (readsInScope(visit)) return this.scoped.group(visit, response);
    const organizationId = visit.organizationId;
    const page = pageParam(visit.request);
    const group = await this.showGroup.execute({ organizationId, groupId: visit.id('id') });
    const [members, documents, managers, users] = await Promise.all([
      this.listMembers.execute({ organizationId, groupId: group.id, page }),
      this.listDocuments.execute({ organizationId, groupId: group.id, page: new PageRequest(1, DOCUMENTS_SHOWN) }),
      this.listManagers.execute({ organizationId, groupId: group.id }),
      this.listUsers.execute(organizationId),
    ]);
    sendConsolePage(
      response,
      200,
      GroupPage({
        ...visit.chrome,
        group,
        members: members.items,
        membersTotal: members.total,
        page: page.page,
        perPage: page.perPage,
        documents: documents.items,
        managers,
        candidates: users.filter((user) => user.role === 'group_manager'),
        notice: visit.notice(noticeOf),
      }),
    );
  }

  @Post(':id')
  async update(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    await this.updateGroup.execute({ ...posted.acting, groupId: posted.id('id'), changes: groupOf(posted.form) });
    redirect(response, `/console/groups/${posted.id('id')}?done=saved`);
  }

  /** Pasted addresses: each is looked up among the organization's active people; unknown ones are reported. */
  @Post(':id/members')
  async add(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    const { organizationId, actor } = posted;
    const groupId = posted.id('id');
    const emails = [
      ...new Set(
        (posted.form.get('emails') ?? '')
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
    if (personIds.length > 0) await this.addPeople.execute({ organizationId, groupId, personIds, actor });
    redirect(response, `/console/groups/${groupId}?done=added-${personIds.length}-of-${emails.length}`);
  }

  /** The ticked users replace the group's managers, as `PUT /groups/{id}/managers` does. */
  @Post(':id/managers')
  async replaceManagers(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    const group = await this.showGroup.execute({ organizationId: posted.organizationId, groupId: posted.id('id') });
    await this.setManagers.execute({ actor: posted.actor, group, userIds: posted.form.getAll('user_id') });
    redirect(response, `/console/groups/${posted.id('id')}?done=managers`);
  }

  @Post(':id/members/:personId/remove')
  async remove(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    await this.removePerson.execute({ ...posted.acting, groupId: posted.id('id'), personId: posted.id('personId') });
    redirect(response, `/console/groups/${posted.id('id')}?done=removed`);
  }
}

/** The group's settings, as the forms that create and change a group send them. */
function groupOf(form: URLSearchParams): { name: string; autoIssueRequests: boolean } {
  return { name: form.get('name') ?? '', autoIssueRequests: form.get('auto_issue_requests') === '1' };
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
