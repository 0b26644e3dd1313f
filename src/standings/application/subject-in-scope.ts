import { NotFoundError } from '@lib/core';
import type { GroupSummary, KeysetRequest, PersonSummary, RequestSummary, ScopedDirectory } from './directory';
import type { KeysetPage } from './standings';
import { KeysetInput, keysetRequest, pathId, Viewer, viewerScopeOf } from './viewer';
import type { ViewerScope } from './viewer-scope';

/** A group or a person that a scoped read is about: how the directory finds it in the viewer's scope, and its 404. */
interface ScopedSubject<S> {
  notFound: string;
  find(directory: ScopedDirectory, scope: ViewerScope, id: string): Promise<S | null>;
}

/** A subject and the keyset-paged rows that belong to it. */
interface ScopedRows<T> extends ScopedSubject<unknown> {
  rows(directory: ScopedDirectory, scope: ViewerScope, id: string, page: KeysetRequest): Promise<KeysetPage<T>>;
}

export const GROUP: ScopedSubject<GroupSummary> = {
  notFound: 'Group not found.',
  find: (directory, scope, id) => directory.group(scope, id),
};
export const PERSON: ScopedSubject<PersonSummary> = {
  notFound: 'Person not found.',
  find: (directory, scope, id) => directory.person(scope, id),
};

export const GROUP_MEMBERS: ScopedRows<PersonSummary> = {
  ...GROUP,
  rows: (directory, scope, id, page) => directory.groupMembersPage(scope, id, page),
};
export const PERSON_REQUESTS: ScopedRows<RequestSummary> = {
  ...PERSON,
  rows: (directory, scope, id, page) => directory.personRequests(scope, id, page),
};

/** The subject a path names, if the viewer may see it: otherwise 404, as for another organization's. */
export async function subjectInScope<S>(
  directory: ScopedDirectory,
  viewer: Viewer,
  subject: ScopedSubject<S>,
  pathParam: string,
): Promise<S> {
  const id = pathId(pathParam, subject.notFound);
  const found = await subject.find(directory, viewerScopeOf(viewer), id);
  if (!found) throw new NotFoundError(subject.notFound);
  return found;
}

/**
 * A page of the rows of the subject a path names, if the viewer may see it: a malformed id answers 404 before the
 * page asked for is checked (422), a subject out of the viewer's scope 404 after.
 */
export async function rowsInScope<T>(
  directory: ScopedDirectory,
  input: { viewer: Viewer } & KeysetInput,
  subject: ScopedRows<T>,
  pathParam: string,
): Promise<KeysetPage<T>> {
  const scope = viewerScopeOf(input.viewer);
  const id = pathId(pathParam, subject.notFound);
  const page = keysetRequest(input);
  if (!(await subject.find(directory, scope, id))) throw new NotFoundError(subject.notFound);
  return subject.rows(directory, scope, id, page);
}
