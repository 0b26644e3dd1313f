import type { DocumentListing } from '../../documents/domain/document-listing';
import type { Group } from '../../groups/domain/group';
import type { GroupManager } from '../../groups/application/group-managers.repository';
import type { Person } from '../../people/domain/person';
import type { Member } from '../../sign-in/application/list-members.use-case';
import type { ManagingContext } from '../http/console-door';
import { Layout, PostForm } from './layout';
import { PersonCells } from './people-pages';
import { Notice, Pager } from './pager';
import { DangerButton, RowsTable } from './table';

/** The fields of a group, filled with `group`'s values when editing. */
function GroupFields(props: { group?: Group }) {
  return (
    <>
      <label for="name">Name</label>
      <input id="name" name="name" required maxLength={255} value={props.group?.name} />
      <label>
        <input type="checkbox" name="auto_issue_requests" value="1" checked={props.group?.autoIssueRequests} /> Send
        requests automatically to people who join
      </label>
    </>
  );
}

/** The organization's groups; create one. */
export function GroupsPage(props: {
  context: ManagingContext;
  csrf: string;
  groups: Group[];
  page: number;
  perPage: number;
  total: number;
}) {
  const { context, csrf, groups } = props;
  return (
    <Layout title="Groups" context={context} csrf={csrf} section="groups">
      <RowsTable
        label="Groups"
        columns={['Group', 'Automatic requests']}
        rows={groups}
        empty="No group yet."
        row={(group) => (
          <tr>
            <td>
              <a href={`/console/groups/${group.id}`}>{group.name}</a>
            </td>
            <td>{group.autoIssueRequests ? 'On' : 'Off'}</td>
          </tr>
        )}
      />
      <Pager
        page={props.page}
        perPage={props.perPage}
        total={props.total}
        href={(page) => `/console/groups?page=${page}`}
      />
      <h2>Create a group</h2>
      <PostForm action="/console/groups" csrf={csrf} class="stack">
        <GroupFields />
        <button type="submit">Create the group</button>
      </PostForm>
    </Layout>
  );
}

/** One group: its settings, its members (add by pasting addresses, remove) and its documents. */
export function GroupPage(props: {
  context: ManagingContext;
  csrf: string;
  group: Group;
  members: Person[];
  membersTotal: number;
  page: number;
  perPage: number;
  documents: DocumentListing[];
  managers: GroupManager[];
  /** The organization's users whose role is group manager: those who may be put in charge. */
  candidates: Member[];
  notice?: string;
}) {
  const { context, csrf, group, members } = props;
  return (
    <Layout title={group.name} context={context} csrf={csrf} section="groups">
      <Notice text={props.notice} />
      <h2>Settings</h2>
      <PostForm action={`/console/groups/${group.id}`} csrf={csrf} class="stack">
        <GroupFields group={group} />
        <button type="submit">Save</button>
      </PostForm>
      <Managers group={group} csrf={csrf} managers={props.managers} candidates={props.candidates} />
      <h2>Members</h2>
      <RowsTable
        label="Members"
        columns={['Name', 'Email', 'Remove']}
        rows={members}
        empty="No member yet."
        row={(person) => (
          <tr>
            <PersonCells person={person} />
            <td>
              <DangerButton
                action={`/console/groups/${group.id}/members/${person.id}/remove`}
                csrf={csrf}
                text="Remove"
                of={person.name}
              />
            </td>
          </tr>
        )}
      />
      <Pager
        page={props.page}
        perPage={props.perPage}
        total={props.membersTotal}
        href={(page) => `/console/groups/${group.id}?page=${page}`}
      />
      <PostForm action={`/console/groups/${group.id}/members`} csrf={csrf} class="stack">
        <label for="emails">Add people by email address (one per line, or separated by commas)</label>
        <textarea id="emails" name="emails" rows={4} required maxLength={20_000} />
        <button type="submit">Add to the group</button>
      </PostForm>
      <h2>Documents</h2>
      {props.documents.length === 0 ? (
        <p>No document yet.</p>
      ) : (
        <ul>
          {props.documents.map(({ document }) => (
            <li>
              <a href={`/console/documents/${document.id}`}>{document.name}</a>
            </li>
          ))}
        </ul>
      )}
    </Layout>
  );
}

/** Who is in charge of the group: ticking replaces the list (an empty one removes every manager). */
function Managers(props: { group: Group; csrf: string; managers: GroupManager[]; candidates: Member[] }) {
  const current = new Set(props.managers.map((manager) => manager.userId));
  return (
    <>
      <h2>Managers</h2>
      <p>
        {props.managers.length === 0
          ? 'No group manager is in charge of this group.'
          : `In charge: ${props.managers.map((manager) => manager.name).join(', ')}.`}
      </p>
      {props.candidates.length === 0 ? (
        <p>
          No member has the role group manager yet: give one that role on <a href="/console/members">Members</a>.
        </p>
      ) : (
        <PostForm action={`/console/groups/${props.group.id}/managers`} csrf={props.csrf} class="stack">
          <fieldset>
            <legend>Group managers in charge of this group</legend>
            {props.candidates.map((user) => (
              <label>
                <input type="checkbox" name="user_id" value={user.userId} checked={current.has(user.userId)} />{' '}
                {user.name} <span class="details">{user.email}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit">Save the managers</button>
        </PostForm>
      )}
    </>
  );
}
