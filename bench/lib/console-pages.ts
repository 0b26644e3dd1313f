import { organizationOverview } from '../../src/standings/infrastructure/overview.sql';
import type { BenchContext, BenchRequest } from '../scenario';
import { consoleSessions } from './console-sessions';

/** Concurrent signed-in sessions of the console scenarios (issue 33: 16, p99 < 150 ms). */
export const CONSOLE_SESSIONS = 16;

/** A console page, asked for by CONSOLE_SESSIONS sessions, one per connection. */
export async function consolePage(context: BenchContext, path: string): Promise<BenchRequest> {
  const sessions = await consoleSessions(context, CONSOLE_SESSIONS);
  return { path, fromRoot: true, connectionHeaders: sessions.map((cookie) => ({ cookie })) };
}

const busiest = new Map<string, Promise<string>>();

/** The published, active document with the most assignees (the slowest document page there is). */
export function busiestDocument(context: BenchContext): Promise<string> {
  if (!busiest.has(context.organizationId)) {
    busiest.set(
      context.organizationId,
      context
        .sql<{ id: string }>(
          `SELECT a.document_id AS id FROM document_assignments a
             JOIN documents d ON d.id = a.document_id AND d.archived_at IS NULL AND d.latest_revision_id IS NOT NULL
            WHERE a.organization_id = $1
            GROUP BY a.document_id ORDER BY count(*) DESC, a.document_id LIMIT 1`,
          [context.organizationId],
        )
        .then(([row]) => row.id),
    );
  }
  return busiest.get(context.organizationId)!;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Tables with a row per assigned person: an overview that counts rows per request reads them by the thousand. */
const PER_ASSIGNEE = ['attestation_standings', 'document_assignments'];
const MAX_PER_ASSIGNEE_ROWS = 10_000;

/**
 * The overview's statement under EXPLAIN ANALYZE, as the owner's page sends it: the rows each table gave. It must
 * read the maintained counters (`attestation_count_deltas`), never count the assignees: fewer than 10,000 rows of
 * the per-assignee tables in all (the large seed has 650,000 assignments) and no sequential scan of them.
 */
export async function overviewReadsCounters(context: BenchContext): Promise<{ lines: string[]; failures: string[] }> {
  const { text, values } = organizationOverview(
    { organizationId: context.organizationId, kind: 'organization' },
    new Date(),
  );
  const [row] = await context.sql<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
    values,
  );
  const [{ Plan: plan, 'Execution Time': executionMs }] = row['QUERY PLAN'];
  const read = new Map<string, { rows: number; scans: Set<string> }>();
  const walk = (node: PlanNode) => {
    if (node['Relation Name']) {
      const entry = read.get(node['Relation Name']) ?? { rows: 0, scans: new Set<string>() };
      entry.rows += node['Actual Rows'] * node['Actual Loops'];
      entry.scans.add(node['Index Name'] ? `${node['Node Type']} on ${node['Index Name']}` : node['Node Type']);
      read.set(node['Relation Name'], entry);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  const lines = [`overview statement: ${executionMs.toFixed(1)} ms under EXPLAIN ANALYZE; rows read per table:`];
  for (const [table, { rows, scans }] of read) lines.push(`  ${table}: ${rows} rows (${[...scans].join(', ')})`);
  const perAssignee = PER_ASSIGNEE.reduce((sum, table) => sum + (read.get(table)?.rows ?? 0), 0);
  const failures: string[] = [];
  if (!read.has('attestation_count_deltas')) failures.push('the overview does not read the maintained counters');
  if (perAssignee >= MAX_PER_ASSIGNEE_ROWS)
    failures.push(`the overview read ${perAssignee} rows of the per-assignee tables (counting rows per request)`);
  for (const table of PER_ASSIGNEE) {
    if (read.get(table)?.scans.has('Seq Scan')) failures.push(`the overview scans all of ${table}`);
  }
  return { lines, failures };
}
