import type { Group } from '../../groups/domain/group';
import type { Person } from '../../people/domain/person';
import type { Member } from '../application/scim-directory';
import { GROUP_SCHEMA, LIST_RESPONSE_SCHEMA, USER_SCHEMA } from '../domain/scim-schemas';
import type { ListQuery } from './scim-query';

type Resource = Record<string, unknown>;

/** A person as a SCIM User (docs/scim.md); `meta` in the RFC's exact camelCase. */
export function presentUser(person: Person, baseUrl: string): Resource {
  const name: Resource = { familyName: person.lastName };
  if (person.firstName !== null) name.givenName = person.firstName;
  const user: Resource = {
    schemas: [USER_SCHEMA],
    id: person.id,
    userName: person.userName ?? person.email,
    name,
    displayName: person.name,
    emails: [{ value: person.email, type: 'work', primary: true }],
    active: !person.isArchived,
    meta: meta('User', person.id, person.createdAt, person.updatedAt, `${baseUrl}/Users`),
  };
  if (person.externalId !== null) user.externalId = person.externalId;
  if (person.phone !== null) user.phoneNumbers = [{ value: person.phone, type: 'work', primary: true }];
  if (person.locale !== null) user.preferredLanguage = person.locale;
  return user;
}

export function presentGroup(group: Group, members: Member[] | undefined, baseUrl: string): Resource {
  const resource: Resource = {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    displayName: group.name,
    meta: meta('Group', group.id, group.createdAt, group.updatedAt, `${baseUrl}/Groups`),
  };
  if (group.externalId !== null) resource.externalId = group.externalId;
  if (members !== undefined) {
    resource.members = members.map((member) => ({
      value: member.id,
      display: member.display,
      $ref: `${baseUrl}/Users/${member.id}`,
    }));
  }
  return resource;
}

function meta(resourceType: string, id: string, created: Date, lastModified: Date, collection: string): Resource {
  return {
    resourceType,
    created: created.toISOString(),
    lastModified: lastModified.toISOString(),
    location: `${collection}/${id}`,
  };
}

/** `attributes=` keeps those (with `id` and `schemas`, always returned); `excludedAttributes=` drops those. */
export function project(resource: Resource, query: Pick<ListQuery, 'attributes' | 'excludedAttributes'>): Resource {
  const always = new Set(['id', 'schemas']);
  const entries = Object.entries(resource).filter(([key]) => {
    const name = key.toLowerCase();
    if (always.has(name)) return true;
    if (query.attributes !== null) return query.attributes.some((wanted) => wanted.split('.')[0] === name);
    return !query.excludedAttributes.includes(name);
  });
  return Object.fromEntries(entries);
}

/** One page of resources as a ListResponse, each presented, then projected as the query asks. */
export function listOf<T>(
  page: { total: number; items: T[] },
  query: ListQuery,
  present: (item: T) => Resource,
): Resource {
  return listResponse(
    page.total,
    query.startIndex,
    page.items.map((item) => project(present(item), query)),
  );
}

export function listResponse(total: number, startIndex: number, resources: Resource[]): Resource {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
