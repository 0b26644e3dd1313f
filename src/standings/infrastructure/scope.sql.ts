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

/** Names of the person's groups in scope, by name (a text array). */
export function groupNamesOf(scope: ViewerScope, personId: string, params: SqlParams): string {
  return `ARRAY(SELECT g.name FROM group_memberships gmn JOIN groups g ON g.id = gmn.group_id
                 WHERE gmn.person_id = ${personId} AND ${groupInScope(scope, 'g.id', params)}
                 ORDER BY g.name, g.id)`;
}

/**
 * The contract's bucket of a standing row `s` of document `d` (see the counters in docs/architecture.md): a row of a
 * revision that is no longer the latest counts as what it became when the next was published (`pending_attested`
 * with an open request, else `attested_outdated`), and an attestation of the latest revision whose `due_at` has
 * passed counts as due (or pending, with an open request) even before the settling pass moved it. `none` rows are
 * not assignees and have no bucket (null).
 */
export function contractBucket(now: string): string {
  const stale = `s.revision_id IS DISTINCT FROM d.latest_revision_id`;
  const fell = `(s.due_at IS NOT NULL AND s.due_at < ${now}::timestamptz)`;
  return `CASE
      WHEN s.bucket IN ('latest_open', 'due_open') AND ${stale} THEN 'pending_attested'
      WHEN s.bucket IN ('latest', 'due') AND ${stale} THEN 'attested_outdated'
      WHEN s.bucket = 'latest' THEN CASE WHEN ${fell} THEN 'renewal_due' ELSE 'attested_latest' END
      WHEN s.bucket = 'latest_open' THEN CASE WHEN ${fell} THEN 'pending_attested' ELSE 'attested_latest' END
      WHEN s.bucket = 'due' THEN 'renewal_due'
      WHEN s.bucket IN ('due_open', 'pending') THEN 'pending_attested'
      WHEN s.bucket = 'outdated' THEN 'attested_outdated'
      WHEN s.bucket = 'unrequested' THEN 'unrequested'
    END`;
}

/** The statuses of an open request, as the counters count them. */
export const OPEN_STATUSES_SQL = `('created', 'sent', 'viewed', 'bounced', 'failed', 'complained')`;
