import type { AuditEntryProps } from '../../audit-log/domain/audit-entry';
import type { ManagingContext } from '../http/console-door';
import { formatTime, Layout } from './layout';
import { ScrollTable } from './table';

/** Newest first, filterable by user and action, with the CSV export of what is shown. */
export function AuditLogPage(props: {
  context: ManagingContext;
  csrf: string;
  entries: Readonly<AuditEntryProps>[];
  hasMore: boolean;
  filters: { userId: string; action: string };
  userNames: Map<string, string>;
}) {
  const { context, csrf, entries, filters, userNames } = props;
  const query = new URLSearchParams({ user_id: filters.userId, action: filters.action });
  const last = entries[entries.length - 1];
  return (
    <Layout title="Audit log" context={context} csrf={csrf} section="audit-log">
      <form method="get" action="/console/audit-log" class="filters">
        <label for="user_id">User</label>
        <select id="user_id" name="user_id">
          <option value="">Everyone</option>
          {[...userNames].map(([id, name]) => (
            <option value={id} selected={id === filters.userId}>
              {name}
            </option>
          ))}
        </select>
        <label for="action">Action</label>
        <input id="action" name="action" value={filters.action} maxLength={64} />
        <button type="submit">Filter</button>
      </form>
      <p>
        <a href={`/console/audit-log.csv?${query.toString()}`}>Export as CSV</a>
      </p>
      <ScrollTable label="Audit log" columns={['When', 'Who', 'Action', 'IP', 'Details']}>
        {entries.map((entry) => (
          <tr>
            <td>{formatTime(entry.at)}</td>
            <td>{entry.userId ? (userNames.get(entry.userId) ?? entry.userId) : '—'}</td>
            <td>{entry.action}</td>
            <td>{entry.ip ?? '—'}</td>
            <td class="details">{JSON.stringify(entry.details)}</td>
          </tr>
        ))}
      </ScrollTable>
      {props.hasMore && last && (
        <p>
          <a href={`/console/audit-log?${query.toString()}&before=${last.id}`}>Older entries</a>
        </p>
      )}
    </Layout>
  );
}
