import { DEFAULT_PER_PAGE, PageQuery } from './page-query';

/** What a repository is asked for: a 1-based page of a given size. */
export class PageRequest {
  constructor(
    readonly page: number,
    readonly perPage: number,
  ) {}

  static from(query: PageQuery): PageRequest {
    return new PageRequest(query.page ?? 1, query.per_page ?? DEFAULT_PER_PAGE);
  }

  get offset(): number {
    return (this.page - 1) * this.perPage;
  }
}

/** What a repository answers: the rows of the page and the count of all matching rows. */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface PaginationEnvelope<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    per_page: number;
    to: number | null;
    total: number;
  };
}

/**
 * Builds the contract's envelope. `url` is the absolute list URL (built from APP_URL, never the Host header)
 * and `filters` the request's recognised filters, carried into every link so `next` can be followed to the end.
 */
export function toEnvelope<T, R>(
  page: Page<T>,
  request: PageRequest,
  url: string,
  filters: Record<string, string | undefined>,
  present: (item: T) => R,
): PaginationEnvelope<R> {
  const lastPage = Math.max(1, Math.ceil(page.total / request.perPage));
  // The filters and per_page are the same in every link: encoded once, then each link adds its page (digits).
  const params = new URLSearchParams();
  for (const name in filters) {
    const value = filters[name];
    if (value !== undefined) params.set(name, value);
  }
  params.set('per_page', String(request.perPage));
  const base = `${url}?${params.toString()}&page=`;
  const link = (n: number): string => base + n;
  const count = page.items.length;
  return {
    data: page.items.map(present),
    links: {
      first: link(1),
      last: link(lastPage),
      prev: request.page > 1 ? link(Math.min(request.page - 1, lastPage)) : null,
      next: request.page < lastPage ? link(request.page + 1) : null,
    },
    meta: {
      current_page: request.page,
      from: count > 0 ? request.offset + 1 : null,
      last_page: lastPage,
      per_page: request.perPage,
      to: count > 0 ? request.offset + count : null,
      total: page.total,
    },
  };
}

/**
 * What a list route answers: the page its query asks for, read by `fetch`, in the envelope whose links (at `url`)
 * keep `filters`.
 */
export async function answerPage<T, R>(
  query: PageQuery,
  url: string,
  fetch: (request: PageRequest) => Promise<Page<T>>,
  present: (item: T) => R,
  filters: Record<string, string | undefined> = {},
): Promise<PaginationEnvelope<R>> {
  const request = PageRequest.from(query);
  return toEnvelope(await fetch(request), request, url, filters, present);
}
