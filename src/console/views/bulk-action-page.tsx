import type { SkipReason } from '../../bulk-actions/application/bulk-action.repository';
import type { BulkAction } from '../../bulk-actions/domain/bulk-action';
import type { ConsoleContext } from '../../sign-in/application/console-context';
import { bulkKindName } from './documents-pages';
import { formatTime, Layout } from './layout';
import { Notice } from './pager';
import { ScrollTable } from './table';

/** Seconds between reloads of a running action's page: a meta refresh, so it works without JavaScript. */
export const PROGRESS_REFRESH_SECONDS = 2;

/** A bulk action's progress; while it runs the page reloads itself. */
export function BulkActionPage(props: {
  context: ConsoleContext;
  csrf: string;
  action: BulkAction;
  reasons: SkipReason[];
  notice?: string;
}) {
  const { action, reasons } = props;
  const handled = action.done + action.skipped;
  const finished = action.status === 'finished';
  return (
    <Layout
      title={`${bulkKindName(action.kind)}: ${finished ? 'finished' : 'in progress'}`}
      context={props.context}
      csrf={props.csrf}
      section="documents"
      refreshSeconds={finished ? undefined : PROGRESS_REFRESH_SECONDS}
    >
      <Notice text={props.notice} />
      <p>
        <progress max={action.total} value={handled} aria-label="Progress">
          {`${handled} of ${action.total}`}
        </progress>{' '}
        <span data-progress>{`${handled} of ${action.total} handled`}</span>
      </p>
      <dl class="counts">
        <dt>Done</dt>
        <dd data-done>{action.done}</dd>
        <dt>Skipped</dt>
        <dd data-skipped>{action.skipped}</dd>
        <dt>Started</dt>
        <dd>{formatTime(action.createdAt)}</dd>
        <dt>Finished</dt>
        <dd>{formatTime(action.finishedAt)}</dd>
      </dl>
      {reasons.length > 0 && (
        <>
          <h2>Why some were skipped</h2>
          <ScrollTable label="Reasons" columns={['Reason', 'People']}>
            {reasons.map((reason) => (
              <tr>
                <td>{reason.reason}</td>
                <td>{reason.count}</td>
              </tr>
            ))}
          </ScrollTable>
        </>
      )}
      <p>
        <a href={`/console/documents/${action.documentId}`}>Back to the document</a>
      </p>
    </Layout>
  );
}
