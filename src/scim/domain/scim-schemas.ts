export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The attributes of a User this service maps (answered in /Schemas, read from requests). */
export const MAPPED_USER_ATTRIBUTES = [
  'id',
  'externalId',
  'userName',
  'name',
  'displayName',
  'emails',
  'phoneNumbers',
  'preferredLanguage',
  'active',
  'meta',
] as const;

/**
 * The other attributes RFC 7643 §4.1 defines for a User, and the enterprise extension's: identity providers send them
 * by default (Okta's `locale` and `groups`, Entra's `title`), so they are accepted and ignored. An attribute in
 * neither list is a mistake in the request, refused.
 */
const IGNORED_USER_ATTRIBUTES = [
  'schemas',
  'nickName',
  'profileUrl',
  'title',
  'userType',
  'locale',
  'timezone',
  'password',
  'ims',
  'photos',
  'addresses',
  'groups',
  'entitlements',
  'roles',
  'x509Certificates',
  ENTERPRISE_USER_SCHEMA,
];

export const MAPPED_GROUP_ATTRIBUTES = ['id', 'externalId', 'displayName', 'members', 'meta'] as const;

const canonical = (names: readonly string[]) => new Map(names.map((name) => [name.toLowerCase(), name]));
const USER_NAMES = canonical([...MAPPED_USER_ATTRIBUTES, ...IGNORED_USER_ATTRIBUTES]);
const GROUP_NAMES = canonical(['schemas', ...MAPPED_GROUP_ATTRIBUTES]);

/** An attribute's name as the schema spells it (names are case-insensitive, RFC 7643 §2.1), or null if unknown. */
export function userAttribute(name: string): string | null {
  return USER_NAMES.get(name.toLowerCase()) ?? null;
}

export function groupAttribute(name: string): string | null {
  return GROUP_NAMES.get(name.toLowerCase()) ?? null;
}

export function isMappedUserAttribute(name: string): boolean {
  return (MAPPED_USER_ATTRIBUTES as readonly string[]).includes(name);
}

/** Strips a core schema URN prefix from an attribute path (`urn:...:User:name.givenName` -> `name.givenName`). */
export function withoutSchemaPrefix(path: string, schema: string): string {
  return path.toLowerCase().startsWith(`${schema.toLowerCase()}:`) ? path.slice(schema.length + 1) : path;
}
