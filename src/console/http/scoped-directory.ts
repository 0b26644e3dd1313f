import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { hasFullApiAccess } from '../../identity/domain/role';
import { ListGroupMembersInScope } from '../../standings/application/list-group-members-in-scope.use-case';
import { ListGroupsInScope } from '../../standings/application/list-groups-in-scope.use-case';
import { ListPeopleInScope } from '../../standings/application/list-people-in-scope.use-case';
import { ListPersonRequestsInScope } from '../../standings/application/list-person-requests-in-scope.use-case';
import { ShowGroupInScope } from '../../standings/application/show-group-in-scope.use-case';
import { ShowPersonInScope } from '../../standings/application/show-person-in-scope.use-case';
import { ScopedGroupPage, ScopedGroupsPage, ScopedPeoplePage, ScopedPersonPage } from '../views/scoped-directory-pages';
import { sendConsolePage } from './console-page';
import { CONSOLE_PER_PAGE, idParam, textParam } from './console-query';
import type { MemberVisit } from './console-visit';

/** Whether the visitor reads people and groups through their groups only (a group manager). */
export function readsInScope(visit: MemberVisit): boolean {
  return !hasFullApiAccess(visit.viewer.role);
}

/**
 * The People and Groups pages as a group manager reads them, on the same routes as the owners' and administrators'
 * pages: the people and groups in their charge, read through the scoped use-cases (anyone else is 404, as one that
 * does not exist), with nothing to change.
 */
@Injectable()
export class ScopedDirectory {
  constructor(
    private readonly listPeople: ListPeopleInScope,
    private readonly showPerson: ShowPersonInScope,
    private readonly listRequests: ListPersonRequestsInScope,
    private readonly listGroups: ListGroupsInScope,
    private readonly showGroup: ShowGroupInScope,
    private readonly listMembers: ListGroupMembersInScope,
  ) {}

  async people(visit: MemberVisit, response: Response): Promise<void> {
    const { viewer, request } = visit;
    const search = textParam(request, 'search');
    const archived = textParam(request, 'archived') === '1';
    const page = await this.listPeople.execute({ viewer, search, archived, ...pageOf(visit) });
    const next = nextOf(page.next, '/console/people', { search, ...(archived ? { archived: '1' } : {}) });
    sendConsolePage(response, 200, ScopedPeoplePage({ ...visit.chrome, people: page.items, next, search, archived }));
  }

  async person(visit: MemberVisit, response: Response): Promise<void> {
    const { viewer } = visit;
    const person = await this.showPerson.execute({ viewer, personId: visit.id('id') });
    const requests = await this.listRequests.execute({ viewer, personId: person.id, ...pageOf(visit) });
    const next = nextOf(requests.next, `/console/people/${person.id}`);
    sendConsolePage(response, 200, ScopedPersonPage({ ...visit.chrome, person, requests: requests.items, next }));
  }

  async groups(visit: MemberVisit, response: Response): Promise<void> {
    const page = await this.listGroups.execute({ viewer: visit.viewer, ...pageOf(visit) });
    const next = nextOf(page.next, '/console/groups');
    sendConsolePage(response, 200, ScopedGroupsPage({ ...visit.chrome, groups: page.items, next }));
  }

  async group(visit: MemberVisit, response: Response): Promise<void> {
    const { viewer } = visit;
    // Read side by side: the members' read checks the scope too, and answers nothing for a group outside it.
    const [group, members] = await Promise.all([
      this.showGroup.execute({ viewer, groupId: visit.id('id') }),
      this.listMembers.execute({ viewer, groupId: visit.id('id'), ...pageOf(visit) }),
    ]);
    const next = nextOf(members.next, `/console/groups/${group.id}`);
    sendConsolePage(response, 200, ScopedGroupPage({ ...visit.chrome, group, members: members.items, next }));
  }
}

function pageOf(visit: MemberVisit): { after: string | null; limit: number } {
  return { after: idParam(textParam(visit.request, 'after'), 'page'), limit: CONSOLE_PER_PAGE };
}

function nextOf(next: string | null, path: string, query: Record<string, string> = {}): string | null {
  return next === null ? null : `${path}?${new URLSearchParams({ ...query, after: next })}`;
}
