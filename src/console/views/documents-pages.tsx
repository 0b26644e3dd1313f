import type { BulkAction } from '../../bulk-actions/domain/bulk-action';
import { ATTESTATION_BUCKETS, AttestationBucket } from '../../documents/domain/attestation-counts';
import { hasFullApiAccess } from '../../identity/domain/role';
import type { GroupSummary } from '../../standings/application/directory';
import type { ComplianceOverview, DocumentOverview, PersonStanding } from '../../standings/application/standings';
import type { ManagingContext } from '../http/console-door';
import { formatTime, Layout, PostForm } from './layout';
import { Notice, Pager } from './pager';
import { RowsTable, ScrollTable } from './table';

const KIND_NAMES = { remind: 'Remind', send: 'Send a request', cancel: 'Cancel requests' } as const;

export function bulkKindName(kind: BulkAction['kind']): string {
  return KIND_NAMES[kind];
}

export const BUCKET_NAMES: Record<AttestationBucket, string> = {
  attested_latest: 'Signed the latest revision',
  pending_attested: 'Waiting for a signature',
  renewal_due: 'Renewal due',
  attested_outdated: 'Signed an older revision',
  unrequested: 'Not requested',
};

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)} %`);

/** Which documents are behind: most outstanding signatures first, with the organization's (or groups') totals. */
export function OverviewPage(props: {
  context: ManagingContext;
  csrf: string;
  overview: ComplianceOverview;
  /** The page of `overview.documents` shown. */
  shown: DocumentOverview[];
  page: number;
  perPage: number;
}) {
  const { context, csrf, overview } = props;
  const { totals } = overview;
  return (
    <Layout title="Overview" context={context} csrf={csrf} section="documents">
      <dl class="counts" aria-label="Totals">
        <dt>Completion</dt>
        <dd>{percent(totals.completionRate)}</dd>
        <dt>Outstanding signatures</dt>
        <dd>{totals.outstanding}</dd>
        <dt>Overdue</dt>
        <dd>{totals.overdue}</dd>
        <dt>Assignments</dt>
        <dd>{totals.total}</dd>
      </dl>
      {overview.documents.length === 0 ? (
        <p>No published document yet.</p>
      ) : (
        <ScrollTable label="Documents" columns={['Document', 'Completion', 'Outstanding', 'Overdue', 'Assigned']}>
          {props.shown.map((document: DocumentOverview) => (
            <tr>
              <td>
                <a href={`/console/documents/${document.documentId}`}>{document.name}</a>
              </td>
              <td>{percent(document.completionRate)}</td>
              <td>{document.outstanding}</td>
              <td>{document.overdue}</td>
              <td>{document.counts.total}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {overview.documents.length > props.perPage && (
        <Pager
          page={props.page}
          perPage={props.perPage}
          total={overview.documents.length}
          href={(page) => `/console/documents?page=${page}`}
        />
      )}
    </Layout>
  );
}

export interface StandingsFilterValues {
  bucket: string;
  groupId: string;
  search: string;
}

/** A document: who stands where (filter, pages by key), act on the selection or on everyone matching. */
export function DocumentPage(props: {
  context: ManagingContext;
  csrf: string;
  documentId: string;
  document: DocumentOverview | null;
  name: string;
  standings: PersonStanding[];
  next: string | null;
  filter: StandingsFilterValues;
  groups: GroupSummary[];
  recent: BulkAction[];
  notice?: string;
}) {
  const { context, csrf, documentId, filter, standings } = props;
  const manages = hasFullApiAccess(context.current.role);
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ bucket: filter.bucket, group_id: filter.groupId, search: filter.search, ...extra });
  return (
    <Layout title={props.name} context={context} csrf={csrf} section="documents">
      <Notice text={props.notice} />
      {hasFullApiAccess(context.current.role) && (
        <p>
          <a href={`/console/documents/${props.documentId}/edit`}>Publish a revision, change the settings or archive</a>
        </p>
      )}
      {props.document && (
        <dl class="counts" aria-label="Where the assignees stand">
          {ATTESTATION_BUCKETS.map((bucket) => (
            <>
              <dt>{BUCKET_NAMES[bucket]}</dt>
              <dd>{props.document!.counts[bucket]}</dd>
            </>
          ))}
        </dl>
      )}
      <form method="get" action={`/console/documents/${documentId}`} class="filters" role="search">
        <label for="bucket">Standing</label>
        <select id="bucket" name="bucket">
          <option value="">Any</option>
          {ATTESTATION_BUCKETS.map((bucket) => (
            <option value={bucket} selected={filter.bucket === bucket}>
              {BUCKET_NAMES[bucket]}
            </option>
          ))}
        </select>
        <label for="group_id">Group</label>
        <select id="group_id" name="group_id">
          <option value="">Any</option>
          {props.groups.map((group) => (
            <option value={group.id} selected={filter.groupId === group.id}>
              {group.name}
            </option>
          ))}
        </select>
        <label for="search">Name or email</label>
        <input id="search" name="search" value={filter.search} maxLength={255} />
        <button type="submit" class="secondary">
          Filter
        </button>
      </form>
      <p>
        <a href={`/console/exports/documents/${documentId}/status.csv?${query({})}`}>Download this list as CSV</a>
      </p>
      <PostForm action={`/console/documents/${documentId}/bulk-actions`} csrf={csrf}>
        <input type="hidden" name="bucket" value={filter.bucket} />
        <input type="hidden" name="group_id" value={filter.groupId} />
        <input type="hidden" name="search" value={filter.search} />
        <RowsTable
          label="Assignees"
          columns={[
            'Choose',
            'Name',
            'Email',
            'Groups',
            'Standing',
            'Requested',
            'Last reminder',
            'Signed',
            'Revision signed',
          ]}
          rows={standings}
          empty="No one matches."
          row={(standing) => (
            <tr>
              <td>
                <input
                  type="checkbox"
                  name="person_id"
                  value={standing.personId}
                  aria-label={`Choose ${standing.name}`}
                />
              </td>
              <td>{standing.name}</td>
              <td class="details">{standing.email}</td>
              <td>{standing.groups.join(', ')}</td>
              <td>{BUCKET_NAMES[standing.bucket]}</td>
              <td>{formatTime(standing.requestedAt)}</td>
              <td>{formatTime(standing.lastRemindedAt)}</td>
              <td>{formatTime(standing.attestedAt)}</td>
              <td class="details">{standing.revisionId ?? '—'}</td>
            </tr>
          )}
        />
        {props.next && (
          <p>
            <a href={`/console/documents/${documentId}?${query({ after: props.next })}`}>Next page</a>
          </p>
        )}
        <fieldset class="stack">
          <legend>Act on the people chosen, or on everyone matching the filter</legend>
          <label for="kind">Action</label>
          <select id="kind" name="kind">
            <option value="remind">Remind those waiting (at most once an hour each)</option>
            {manages && <option value="send">Send a request to those without one</option>}
            {manages && <option value="cancel">Cancel their open requests</option>}
          </select>
          <button type="submit" name="targets" value="chosen">
            Start on the people chosen
          </button>
          <button type="submit" name="targets" value="matching" class="secondary">
            Start on everyone matching
          </button>
        </fieldset>
      </PostForm>
      <h2>Recent actions</h2>
      {props.recent.length === 0 ? <p>None yet.</p> : <BulkActionsTable actions={props.recent} />}
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
