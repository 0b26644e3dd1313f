import type { Request } from 'express';
import { isUlid } from '@lib/core';
import { PageRequest } from '@lib/http';
import { PageError } from '../../attestation-page/http/page-error';

/** Pages deeper than this are refused: a table this deep is searched, not paged through. */
export const MAX_PAGE = 10_000;
export const CONSOLE_PER_PAGE = 25;

/** A query parameter as one string (a repeated or nested one counts as absent); trimmed, at most 255 characters. */
export function textParam(request: Request, name: string): string {
  const value = request.query[name];
  return typeof value === 'string' ? value.trim().slice(0, 255) : '';
}

/** `?page=`: a whole number from 1 to MAX_PAGE, else a clear 400 page (never a 500 from a wild offset). */
export function pageParam(request: Request, perPage = CONSOLE_PER_PAGE): PageRequest {
  const raw = textParam(request, 'page') || '1';
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!(page >= 1 && page <= MAX_PAGE)) {
    throw new PageError(400, 'There is no such page', `Pages are numbered from 1 to ${MAX_PAGE}.`);
  }
  return new PageRequest(page, perPage);
}

/** An id from a query or a form, or null when absent; a malformed one is refused with a clear page. */
export function idParam(value: string | null | undefined, what: string): string | null {
  if (!value) return null;
  if (!isUlid(value)) throw new PageError(400, `This ${what} filter is not valid`, 'Choose it from the list instead.');
  return value.toLowerCase();
}

/** The notice a form's redirect asked for with `?done=` (e.g. `saved`), in the page's words; none for any other. */
export function noticeParam(
  request: Request,
  notices: Readonly<Record<string, string>> | ((done: string) => string | undefined),
): string | undefined {
  const done = request.query.done;
  if (typeof done !== 'string') return undefined;
  if (typeof notices === 'function') return notices(done);
  // Own keys only: `?done=constructor` must not find Object's constructor and show it as a notice.
  return Object.hasOwn(notices, done) ? notices[done] : undefined;
}
