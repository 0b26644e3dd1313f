import { NotFoundError } from '@lib/core';

/** A port that finds one of an organization's rows by id (people, documents and groups repositories do). */
export interface FindsInOrganization<T> {
  findInOrganization(organizationId: string, id: string): Promise<T | null>;
}

/** A port that also finds a row by id alone, for the admin CLI, which acts across organizations. */
export interface FindsInScope<T> extends FindsInOrganization<T> {
  findById(id: string): Promise<T | null>;
}

/**
 * What the repository of every organization-owned entity does (people, documents, groups, webhook endpoints): insert
 * one, write its changes, and find one by id, within an organization (the API) or in any (the admin CLI). What an
 * entity refuses on write (an email or external id already taken) each repository says of itself.
 */
export abstract class OrganizationRepository<T> implements FindsInScope<T> {
  abstract add(entity: T): Promise<void>;
  abstract save(entity: T): Promise<void>;
  abstract findById(id: string): Promise<T | null>;
  abstract findInOrganization(organizationId: string, id: string): Promise<T | null>;
}

/**
 * The row an id names (in either case): within the organization when one is given (the API names the token's),
 * else in any (the admin CLI has none). Either way an unknown one is not found, with `notFound` as the message.
 */
export async function findInScope<T>(
  rows: FindsInScope<T>,
  organizationId: string | undefined,
  id: string,
  notFound: string,
): Promise<T> {
  const lowercased = id.toLowerCase();
  const found =
    organizationId === undefined
      ? await rows.findById(lowercased)
      : await rows.findInOrganization(organizationId, lowercased);
  if (!found) throw new NotFoundError(notFound);
  return found;
}
