import type { ComponentChildren } from 'preact';
import { Csrf } from './layout';

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

/** One button that posts (with the page's form token) to `action`, e.g. "Revoke" in a row of a table. */
export function PostButton(props: { action: string; csrf: string; kind: string; label: string; text: string }) {
  return (
    <form method="post" action={props.action} class="inline">
      <Csrf token={props.csrf} />
      <button type="submit" class={props.kind} aria-label={props.label}>
        {props.text}
      </button>
    </form>
  );
}
