import { isUlid, NotFoundError, ValidationFailedError } from '@lib/core';
import { ATTESTATION_BUCKETS, AttestationBucket } from '../../documents/domain/attestation-counts';
import type { Role } from '../../identity/domain/role';
import type { StandingsFilter } from './standings';
import type { StandingsReadModel } from './standings-read-model';
import { ViewerScope, viewerScopeOf } from './viewer-scope';

/** Who reads: a signed-in console user or an API token's user, in one organization, with their role there now. */
export interface Viewer {
  organizationId: string;
  userId: string;
  role: Role;
}

export { viewerScopeOf };

/** The longest name-or-email search a list takes. */
export const MAX_SEARCH_LENGTH = 255;

/** What a filter of a standings read may be, as the caller typed it (the console passes its query string). */
export interface StandingsFilterInput {
  bucket?: string | null;
  groupId?: string | null;
  search?: string | null;
}

/**
 * The filter checked (422 on `bucket` or `search`), its group found in the viewer's scope (404 otherwise, as for
 * another organization's), empty values dropped.
 */
export async function checkedFilter(
  readModel: StandingsReadModel,
  scope: ViewerScope,
  input: StandingsFilterInput,
): Promise<StandingsFilter> {
  const filter: StandingsFilter = {};
  const bucket = input.bucket?.trim();
  if (bucket) {
    if (!(ATTESTATION_BUCKETS as readonly string[]).includes(bucket)) {
      throw ValidationFailedError.single('bucket', 'The selected bucket is invalid.');
    }
    filter.bucket = bucket as AttestationBucket;
  }
  const search = checkedSearch(input.search);
  if (search) filter.search = search;
  const groupId = input.groupId?.trim().toLowerCase();
  if (groupId) {
    if (!isUlid(groupId) || !(await readModel.hasGroup(scope, groupId))) throw new NotFoundError('Group not found.');
    filter.groupId = groupId;
  }
  return filter;
}

/** 404 unless the document is the organization's (a malformed id included). */
export async function documentIdIn(readModel: StandingsReadModel, scope: ViewerScope, id: string): Promise<string> {
  const documentId = id.toLowerCase();
  if (!isUlid(documentId) || !(await readModel.hasDocument(scope, documentId))) {
    throw new NotFoundError('Document not found.');
  }
  return documentId;
}

/** The largest page a scoped list answers. */
export const MAX_PAGE_SIZE = 100;

/** What a caller asks of a keyset page: up to `limit` items after the id `after` (none: from the start). */
export interface KeysetInput {
  after?: string | null;
  limit: number;
}

/** A keyset page request checked: 422 on `per_page` out of 1 to 100, or an `after` that is not an id. */
export function keysetRequest(input: KeysetInput): {
  after: string | null;
  limit: number;
} {
  if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > MAX_PAGE_SIZE) {
    throw ValidationFailedError.single('per_page', `The per page field must be between 1 and ${MAX_PAGE_SIZE}.`);
  }
  const after = input.after?.trim().toLowerCase() || null;
  if (after !== null && !isUlid(after))
    throw ValidationFailedError.single('after', 'The after field must be a valid ULID.');
  return { after, limit: input.limit };
}

/** A search checked (422 over 255 characters), empty dropped. */
export function checkedSearch(search: string | null | undefined): string | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  if ([...text].length > MAX_SEARCH_LENGTH) {
    throw ValidationFailedError.single(
      'search',
      `The search field must not be greater than ${MAX_SEARCH_LENGTH} characters.`,
    );
  }
  return text;
}

/** An id from a path: lowercased, or 404 with `message` when malformed. */
export function pathId(id: string, message: string): string {
  const lowered = id.trim().toLowerCase();
  if (!isUlid(lowered)) throw new NotFoundError(message);
  return lowered;
}
