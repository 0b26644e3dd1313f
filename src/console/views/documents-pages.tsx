import type { BulkAction } from '../../bulk-actions/domain/bulk-action';
import type { DocumentListing } from '../../documents/domain/document-listing';
import type { Group } from '../../groups/domain/group';
import type { ManagingContext } from '../http/console-door';
import { Csrf, formatTime, Layout } from './layout';
import { Notice, Pager } from './pager';
import { ScrollTable } from './table';

const KIND_NAMES = { remind: 'Remind', send: 'Send a request', cancel: 'Cancel requests' } as const;

export function bulkKindName(kind: BulkAction['kind']): string {
  return KIND_NAMES[kind];
}

/** The organization's documents with their attestation counts (the maintained counters, never a count per page). */
export function DocumentsPage(props: {
  context: ManagingContext;
  csrf: string;
  listings: DocumentListing[];
  page: number;
  perPage: number;
  total: number;
  name: string;
}) {
  const { context, csrf, listings } = props;
  return (
    <Layout title="Documents" context={context} csrf={csrf} section="documents">
      <form method="get" action="/console/documents" class="filters" role="search">
        <label for="name">Name</label>
        <input id="name" name="name" value={props.name} maxLength={255} />
        <button type="submit" class="secondary">
          Search
        </button>
      </form>
      {listings.length === 0 ? (
        <p>No document matches.</p>
      ) : (
        <ScrollTable label="Documents" columns={['Document', 'Signed (latest)', 'Outstanding', 'Assigned']}>
          {listings.map(({ document, attestationCounts: counts }) => (
            <tr>
              <td>
                <a href={`/console/documents/${document.id}`}>{document.name}</a>
                {document.archivedAt && ' (archived)'}
              </td>
              <td>{counts.attested_latest}</td>
              <td>{counts.total - counts.attested_latest}</td>
              <td>{counts.total}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
      <Pager
        page={props.page}
        perPage={props.perPage}
        total={props.total}
        href={(page) => `/console/documents?${new URLSearchParams({ name: props.name, page: String(page) })}`}
      />
    </Layout>
  );
}

/** One document: its counts, the bulk actions on its assignees (by filter), and the latest of those actions. */
export function DocumentPage(props: {
  context: ManagingContext;
  csrf: string;
  listing: DocumentListing;
  groups: Group[];
  recent: BulkAction[];
  notice?: string;
}) {
  const { context, csrf, listing, groups, recent } = props;
  const { document, attestationCounts: counts } = listing;
  return (
    <Layout title={document.name} context={context} csrf={csrf} section="documents">
      <Notice text={props.notice} />
      <dl class="counts">
        <dt>Signed the latest revision</dt>
        <dd>{counts.attested_latest}</dd>
        <dt>Waiting for a signature</dt>
        <dd>{counts.pending_attested}</dd>
        <dt>Renewal due</dt>
        <dd>{counts.renewal_due}</dd>
        <dt>Signed an older revision</dt>
        <dd>{counts.attested_outdated}</dd>
        <dt>Not requested</dt>
        <dd>{counts.unrequested}</dd>
        <dt>Assigned</dt>
        <dd>{counts.total}</dd>
      </dl>
      <h2>Act on the assignees</h2>
      <p>
        Everyone assigned who matches runs through the same rules as the API: a reminder at most once an hour per
        request and only while it waits for a signature; a new request only for those without an open one. The work
        runs in the background; its page shows how many were done and how many skipped, and why.
      </p>
      <form method="post" action={`/console/documents/${document.id}/bulk-actions`} class="stack">
        <Csrf token={csrf} />
        <label for="group_id">Group</label>
        <select id="group_id" name="group_id">
          <option value="">Every group</option>
          {groups.map((group) => (
            <option value={group.id}>{group.name}</option>
          ))}
        </select>
        <label for="search">Name or email contains</label>
        <input id="search" name="search" maxLength={255} />
        <label for="kind">Action</label>
        <select id="kind" name="kind">
          <option value="remind">Remind those waiting</option>
          <option value="send">Send a request to those without one</option>
          <option value="cancel">Cancel their open requests</option>
        </select>
        <button type="submit">Start</button>
      </form>
      <h2>Recent actions</h2>
      {recent.length === 0 ? <p>None yet.</p> : <BulkActionsTable actions={recent} />}
    </Layout>
  );
}

export function BulkActionsTable(props: { actions: BulkAction[] }) {
  return (
    <ScrollTable label="Recent actions" columns={['Action', 'Started', 'People', 'Done', 'Skipped', 'Status']}>
      {props.actions.map((action) => (
        <tr>
          <td>
            <a href={`/console/bulk-actions/${action.id}`}>{bulkKindName(action.kind)}</a>
          </td>
          <td>{formatTime(action.createdAt)}</td>
          <td>{action.total}</td>
          <td>{action.done}</td>
          <td>{action.skipped}</td>
          <td>{action.status}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
