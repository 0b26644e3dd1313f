import type { GroupSummary, PersonSummary, RequestSummary } from '../../standings/application/directory';
import type { ManagingContext } from '../http/console-door';
import { formatTime, Layout } from './layout';
import { PeopleSearch, RequestsTable } from './people-pages';
import { RowsTable } from './table';

/**
 * What a group manager reads of people and groups: those of the groups in their charge, nothing to change (they
 * remind from a document's page). Paged by key, as a document's page is.
 */
interface ScopedPage {
  context: ManagingContext;
  csrf: string;
  /** The query of the next page, or null on the last one. */
  next: string | null;
}

function NextPage(props: { href: string | null }) {
  return props.href ? (
    <p>
      <a href={props.href}>Next page</a>
    </p>
  ) : null;
}

/** People, each linking to their page, with their groups in the reader's charge. */
function PeopleTable(props: { label: string; people: PersonSummary[]; empty: string }) {
  return (
    <RowsTable
      label={props.label}
      columns={['Name', 'Email', 'Groups']}
      rows={props.people}
      empty={props.empty}
      row={(person) => (
        <tr>
          <td>
            <a href={`/console/people/${person.id}`}>{person.name}</a>
          </td>
          <td class="details">{person.email}</td>
          <td>{person.groups.join(', ')}</td>
        </tr>
      )}
    />
  );
}

export function ScopedPeoplePage(props: ScopedPage & { people: PersonSummary[]; search: string; archived: boolean }) {
  const { context, csrf, people, search, archived } = props;
  return (
    <Layout title="People" context={context} csrf={csrf} section="people">
      <p>The people of the groups in your charge.</p>
      <PeopleSearch search={search} archived={archived} />
      <PeopleTable label="People" people={people} empty="No one matches." />
      <NextPage href={props.next} />
    </Layout>
  );
}

export function ScopedPersonPage(props: ScopedPage & { person: PersonSummary; requests: RequestSummary[] }) {
  const { context, csrf, person, requests } = props;
  return (
    <Layout title={person.name} context={context} csrf={csrf} section="people">
      <p>
        <span class="details">{person.email}</span>
        {` · ${person.groups.join(', ')}`}
      </p>
      {person.archivedAt && <p>{`Archived ${formatTime(person.archivedAt)}.`}</p>}
      <RequestsTable
        requests={requests}
        document={(request) => <a href={`/console/documents/${request.documentId}`}>{request.documentName}</a>}
        last={{ heading: 'Signed', cell: (request) => formatTime(request.attestedAt) }}
      />
      <NextPage href={props.next} />
    </Layout>
  );
}

export function ScopedGroupsPage(props: ScopedPage & { groups: GroupSummary[] }) {
  const { context, csrf, groups } = props;
  return (
    <Layout title="Groups" context={context} csrf={csrf} section="groups">
      <p>The groups in your charge.</p>
      <RowsTable
        label="Groups"
        columns={['Name', 'Members', 'Automatic requests']}
        rows={groups}
        empty="No group is in your charge."
        row={(group) => (
          <tr>
            <td>
              <a href={`/console/groups/${group.id}`}>{group.name}</a>
            </td>
            <td>{String(group.memberCount)}</td>
            <td>{group.autoIssueRequests ? 'On' : 'Off'}</td>
          </tr>
        )}
      />
      <NextPage href={props.next} />
    </Layout>
  );
}

export function ScopedGroupPage(props: ScopedPage & { group: GroupSummary; members: PersonSummary[] }) {
  const { context, csrf, group, members } = props;
  return (
    <Layout title={group.name} context={context} csrf={csrf} section="groups">
      <p>{`${group.memberCount} ${group.memberCount === 1 ? 'member' : 'members'}; automatic requests ${group.autoIssueRequests ? 'on' : 'off'}.`}</p>
      <h2>Members</h2>
      <PeopleTable label="Members" people={members} empty="No member yet." />
      <NextPage href={props.next} />
    </Layout>
  );
}
