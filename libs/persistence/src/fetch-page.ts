import type { Page, PageRequest } from '@lib/http';

/**
 * Counts, then reads the page's rows only when the page starts before the end: a page past the last one
 * answers empty without asking the database for a huge OFFSET.
 */
export async function fetchPage<T>(
  request: PageRequest,
  count: () => Promise<number>,
  rows: (offset: number, limit: number) => Promise<T[]>,
): Promise<Page<T>> {
  const total = await count();
  if (request.offset >= total) return { items: [], total };
  return { items: await rows(request.offset, request.perPage), total };
}
