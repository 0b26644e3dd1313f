import { ScimError } from './scim-error';
import {
  ENTERPRISE_USER_SCHEMA,
  GROUP_SCHEMA,
  PATCH_OP_SCHEMA,
  USER_SCHEMA,
  withoutSchemaPrefix,
} from './scim-schemas';

export type PatchOp = 'add' | 'replace' | 'remove';

/** `emails[type eq "work"].value`: the attribute, an optional value filter (one `eq`), an optional sub-attribute. */
export interface AttributePath {
  attribute: string;
  filter: { attribute: string; value: string | boolean } | null;
  subAttribute: string | null;
}

/** One operation in a single shape, whatever shape the identity provider sent it in. */
export interface PatchOperation {
  op: PatchOp;
  path: AttributePath;
  value?: unknown;
}

export type ScimResource = 'User' | 'Group';

const ATTRIBUTE = '[A-Za-z][\\w$-]*';
const PATH = new RegExp(
  `^(${ATTRIBUTE})(?:\\[\\s*(${ATTRIBUTE})\\s+eq\\s+("(?:[^"\\\\]|\\\\.)*"|true|false)\\s*\\])?(?:\\.(${ATTRIBUTE}))?$`,
  'i',
);

/** Booleans sent as strings (Entra: `"False"`) where the schema says boolean. */
const BOOLEAN_ATTRIBUTES = new Set(['active', 'primary']);

/**
 * Parses an attribute path (RFC 7644 §3.5.2) as identity providers write it: a core schema URN prefix is dropped, an
 * enterprise extension path is named by its URN (and ignored by the mapping), anything else is `invalidPath`.
 */
export function parsePath(raw: string, resource: ScimResource): AttributePath {
  const core = resource === 'User' ? USER_SCHEMA : GROUP_SCHEMA;
  const path = withoutSchemaPrefix(raw.trim(), core);
  if (path.toLowerCase().startsWith(ENTERPRISE_USER_SCHEMA.toLowerCase()) && resource === 'User') {
    return { attribute: ENTERPRISE_USER_SCHEMA, filter: null, subAttribute: null };
  }
  const match = PATH.exec(path);
  if (!match) throw ScimError.badRequest('invalidPath', `The path "${raw}" is not a supported attribute path.`);
  const [, attribute, filterAttribute, filterValue, subAttribute] = match;
  let filter: AttributePath['filter'] = null;
  if (filterAttribute !== undefined) {
    // PATH lets through a quoted string, `true` or `false` only.
    const value = filterValue[0] === '"' ? (JSON.parse(filterValue) as string) : filterValue.toLowerCase() === 'true';
    filter = { attribute: filterAttribute, value };
  }
  return { attribute, filter, subAttribute: subAttribute ?? null };
}

/**
 * Brings a PATCH request (RFC 7644 §3.5.2) into one shape before anything is applied, accepting what Okta and
 * Microsoft Entra ID really send:
 * - `op` in any letter case (`Replace`);
 * - a path-less `add` or `replace` whose value is an object: one operation per key, keys being attribute names,
 *   dotted paths (`name.givenName`) or full URN paths;
 * - booleans as strings (`"False"`) for boolean attributes;
 * - `null` or an empty string as a value: the attribute is cleared (a `remove`);
 * - a member removal by value, `remove` of `members[value eq "x"]`, or of `members` with a value listing them: both
 *   become `remove` of `members` with the members listed (never all of them); `remove` of `members` without a value
 *   removes every member (RFC 7644).
 */
export function normalisePatch(body: unknown, resource: ScimResource): PatchOperation[] {
  if (!isObject(body)) throw ScimError.badRequest('invalidSyntax', 'A PATCH body must be a JSON object.');
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.some((schema) => schema === PATCH_OP_SCHEMA)) {
    throw ScimError.badRequest('invalidSyntax', `A PATCH body must name the schema ${PATCH_OP_SCHEMA}.`);
  }
  const unknownSchema = schemas.find((schema) => schema !== PATCH_OP_SCHEMA);
  if (unknownSchema !== undefined) {
    throw ScimError.badRequest('invalidSyntax', `Unknown schema ${JSON.stringify(unknownSchema)} in a PATCH body.`);
  }
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0) {
    throw ScimError.badRequest('invalidSyntax', 'A PATCH body must hold a non-empty "Operations" list.');
  }
  return operations.flatMap((operation) => normaliseOperation(operation, resource));
}

function normaliseOperation(operation: unknown, resource: ScimResource): PatchOperation[] {
  if (!isObject(operation)) throw ScimError.badRequest('invalidSyntax', 'Each operation must be a JSON object.');
  const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : null;
  if (op !== 'add' && op !== 'replace' && op !== 'remove') {
    throw ScimError.badRequest('invalidSyntax', `Unknown operation ${JSON.stringify(operation.op)}.`);
  }
  const { path, value } = operation;
  if (path === undefined || path === null || path === '') {
    if (op === 'remove') throw ScimError.badRequest('noTarget', 'A remove operation needs a path.');
    if (!isObject(value)) {
      throw ScimError.badRequest('invalidSyntax', 'An operation without a path needs an object as its value.');
    }
    return Object.entries(value).flatMap(([key, item]) => shaped(op, parsePath(key, resource), item));
  }
  if (typeof path !== 'string') throw ScimError.badRequest('invalidPath', 'A path must be a string.');
  return shaped(op, parsePath(path, resource), value);
}

function shaped(op: PatchOp, path: AttributePath, value: unknown): PatchOperation[] {
  const attribute = path.attribute.toLowerCase();
  if (attribute === 'members' && path.filter !== null) {
    // `members[value eq "x"]`: that member, in the single shape of a removal by value.
    if (path.filter.attribute.toLowerCase() !== 'value' || typeof path.filter.value !== 'string') {
      throw ScimError.badRequest('invalidFilter', 'Members are selected by `value eq "<id>"` only.');
    }
    const members = [{ value: path.filter.value }];
    return [{ op, path: { attribute: 'members', filter: null, subAttribute: null }, value: members }];
  }
  if (op === 'remove') return [value === undefined || value === null ? { op, path } : { op, path, value }];
  if (value === null || value === '') return [{ op: 'remove', path }];
  const last = (path.subAttribute ?? path.attribute).toLowerCase();
  if (BOOLEAN_ATTRIBUTES.has(last)) return [{ op, path, value: booleanOf(value) }];
  if (isObject(value) && 'active' in value) return [{ op, path, value: { ...value, active: booleanOf(value.active) } }];
  return [{ op, path, value }];
}

/** `true`, `"True"`, `"false"`... as booleans; anything else is left for the mapping to refuse. */
export function booleanOf(value: unknown): unknown {
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
