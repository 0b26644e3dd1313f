import type { ComponentChildren, VNode } from 'preact';
import { PostForm } from './layout';

/** A table that scrolls on its own on a narrow screen (a focusable, labelled region), with its column headings. */
export function ScrollTable(props: { label: string; columns: string[]; children: ComponentChildren }) {
  return (
    <div class="scroll" role="region" aria-label={props.label} tabIndex={0}>
      <table>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** A ScrollTable of `rows`, one `row` each; with none, a paragraph says so (`empty`) instead of an empty table. */
export function RowsTable<T>(props: {
  label: string;
  columns: string[];
  rows: readonly T[];
  empty: string;
  row: (item: T) => VNode;
}) {
  if (props.rows.length === 0) return <p>{props.empty}</p>;
  return (
    <ScrollTable label={props.label} columns={props.columns}>
      {props.rows.map((item) => props.row(item))}
    </ScrollTable>
  );
}

/** The button of a row that posts a destructive action (with the page's form token), e.g. "Revoke" a token. */
export function DangerButton(props: { action: string; csrf: string; text: string; of: string }) {
  return (
    <PostForm action={props.action} csrf={props.csrf} class="inline">
      <button type="submit" class="danger" aria-label={`${props.text} ${props.of}`}>
        {props.text}
      </button>
    </PostForm>
  );
}
