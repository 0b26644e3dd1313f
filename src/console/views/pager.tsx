/** Previous/next links of a paginated table; `href(page)` keeps the page's filters. */
export function Pager(props: { page: number; perPage: number; total: number; href: (page: number) => string }) {
  const last = Math.max(1, Math.ceil(props.total / props.perPage));
  return (
    <nav aria-label="Pages" class="pager">
      {props.page > 1 && <a href={props.href(props.page - 1)}>Previous page</a>}
      <span>{`Page ${props.page} of ${last} · ${props.total} in all`}</span>
      {props.page < last && <a href={props.href(props.page + 1)}>Next page</a>}
    </nav>
  );
}

/** A short notice at the top of a page after a form (role=status, so a screen reader announces it). */
export function Notice(props: { text?: string }) {
  return props.text ? (
    <p class="notice" role="status">
      {props.text}
    </p>
  ) : null;
}
