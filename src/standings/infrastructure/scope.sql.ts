import type { AttestationBucket } from '../../documents/domain/attestation-counts';
import { STORED_BUCKETS, type StoredBucket } from '../../list-counters/application/stored-buckets';
import type { ViewerScope } from '../application/viewer-scope';

/** A statement's parameters, numbered as they are added. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The viewer's scope over the person whose id is `personId` (a column): true for the whole organization; for a group
 * manager, a member of a group they are in charge of, read from `group_managers` in this statement. The tenant
 * condition is the caller's own (every query also filters on the organization).
 */
export function personInScope(scope: ViewerScope, personId: string, params: SqlParams): string {
  if (scope.kind === 'organization') return 'true';
  return `EXISTS (SELECT 1 FROM group_memberships scope_gm
                   JOIN group_managers scope_m ON scope_m.group_id = scope_gm.group_id
                  WHERE scope_gm.person_id = ${personId} AND scope_m.organization_id = ${params.add(scope.organizationId)}
                    AND scope_m.user_id = ${params.add(scope.managerId)})`;
}

/** The viewer's scope over the group whose id is `groupId` (a column). */
export function groupInScope(scope: ViewerScope, groupId: string, params: SqlParams): string {
  if (scope.kind === 'organization') return 'true';
  return `EXISTS (SELECT 1 FROM group_managers scope_m WHERE scope_m.group_id = ${groupId}
                     AND scope_m.organization_id = ${params.add(scope.organizationId)}
                     AND scope_m.user_id = ${params.add(scope.managerId)})`;
}

/** Ids of the person's groups in scope (a text array; the adapter names and orders them). */
export function groupIdsOf(scope: ViewerScope, personId: string, params: SqlParams): string {
  return `ARRAY(SELECT gmn.group_id::text FROM group_memberships gmn
                 WHERE gmn.person_id = ${personId} AND ${groupInScope(scope, 'gmn.group_id', params)})`;
}

/**
 * What a stored bucket counts as in the contract (see the counters in docs/architecture.md): on a revision that is
 * no longer the latest (`stale`, which wins), on the latest with its `due_at` passed (`fell`), or otherwise. A row of
 * an earlier revision counts as what it became when the next was published, and an attestation whose `due_at` has
 * passed counts as due (or pending, with an open request) even before the settling pass moved it.
 */
const COUNTS_AS: Record<
  StoredBucket,
  { stale: AttestationBucket; fell: AttestationBucket; current: AttestationBucket }
> = {
  latest: { stale: 'attested_outdated', fell: 'renewal_due', current: 'attested_latest' },
  latest_open: { stale: 'pending_attested', fell: 'pending_attested', current: 'attested_latest' },
  due: { stale: 'attested_outdated', fell: 'renewal_due', current: 'renewal_due' },
  due_open: { stale: 'pending_attested', fell: 'pending_attested', current: 'pending_attested' },
  pending: { stale: 'pending_attested', fell: 'pending_attested', current: 'pending_attested' },
  outdated: { stale: 'attested_outdated', fell: 'attested_outdated', current: 'attested_outdated' },
  unrequested: { stale: 'unrequested', fell: 'unrequested', current: 'unrequested' },
};

/** The contract's bucket of a standing row `s` of document `d`; `none` rows are not assignees and have none (null). */
export function contractBucket(now: string): string {
  const stale = `s.revision_id IS DISTINCT FROM d.latest_revision_id`;
  const fell = `(s.due_at IS NOT NULL AND s.due_at < ${now}::timestamptz)`;
  const cases = STORED_BUCKETS.map((stored) => {
    const as = COUNTS_AS[stored];
    const outcome =
      as.stale === as.fell && as.fell === as.current
        ? `'${as.current}'`
        : `CASE WHEN ${stale} THEN '${as.stale}' WHEN ${fell} THEN '${as.fell}' ELSE '${as.current}' END`;
    return `WHEN '${stored}' THEN ${outcome}`;
  });
  return `CASE s.bucket ${cases.join('\n      ')} END`;
}

/** The stored buckets whose rows may count as `bucket`: a filtered page reads only theirs. */
export function storedBucketsCountingAs(bucket: AttestationBucket): StoredBucket[] {
  return STORED_BUCKETS.filter((stored) => Object.values(COUNTS_AS[stored]).includes(bucket));
}

/** The statuses of an open request, as the counters count them. */
export const OPEN_STATUSES_SQL = `('created', 'sent', 'viewed', 'bounced', 'failed', 'complained')`;
