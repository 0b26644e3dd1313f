import { ScimError } from './scim-error';
import { isObject, PatchOperation } from './scim-patch';
import { GROUP_SCHEMA, groupAttribute } from './scim-schemas';

/**
 * What a Group request asks of a group: its name and directory id (undefined: unchanged), and its members, either
 * exactly a list (`replace`) or people to add and to remove.
 */
export interface GroupChangeRequest {
  displayName?: string;
  externalId?: string | null;
  members: { replace: string[] } | { add: string[]; remove: string[] };
}

/** POST or PUT: the whole group. */
export function groupFromResource(body: unknown): GroupChangeRequest & { displayName: string } {
  if (!isObject(body)) throw ScimError.badRequest('invalidSyntax', 'A Group must be a JSON object.');
  if (!Array.isArray(body.schemas) || !body.schemas.includes(GROUP_SCHEMA)) {
    throw ScimError.badRequest('invalidSyntax', `A Group must name the schema ${GROUP_SCHEMA}.`);
  }
  const unknownSchema = body.schemas.find((schema) => schema !== GROUP_SCHEMA);
  if (unknownSchema !== undefined) {
    throw ScimError.badRequest('invalidSyntax', `Unknown schema ${JSON.stringify(unknownSchema)}.`);
  }
  for (const key of Object.keys(body)) {
    if (groupAttribute(key) === null)
      throw ScimError.badRequest('invalidValue', `Unknown attribute "${key}" for a Group.`);
  }
  const displayName = requiredName(body.displayName);
  const externalId =
    body.externalId === undefined || body.externalId === null ? null : text(body.externalId, 'externalId');
  return { displayName, externalId, members: { replace: memberIds(body.members ?? []) } };
}

/**
 * PATCH of the group `groupId`: the operations folded in order into one change (an add then a remove of one member
 * removes it). Okta's rename repeats the group's own `id` beside `displayName`: the same id changes nothing.
 */
export function groupPatch(operations: readonly PatchOperation[], groupId: string): GroupChangeRequest {
  const change: Omit<GroupChangeRequest, 'members'> = {};
  let replace: Set<string> | null = null;
  const add = new Set<string>();
  const removed = new Set<string>();
  for (const { op, path, value } of operations) {
    const attribute = groupAttribute(path.attribute);
    if (attribute === null) throw ScimError.badRequest('invalidPath', `Unknown attribute "${path.attribute}".`);
    if (attribute === 'id') {
      if (typeof value === 'string' && value.toLowerCase() === groupId.toLowerCase()) continue;
      throw new ScimError(400, 'mutability', 'id cannot be changed.');
    }
    if (attribute === 'meta' || attribute === 'schemas') continue;
    if (attribute === 'displayName') {
      if (op === 'remove') throw new ScimError(400, 'mutability', 'displayName is required: it cannot be removed.');
      change.displayName = requiredName(value);
    } else if (attribute === 'externalId') {
      change.externalId = op === 'remove' ? null : text(value, 'externalId');
    } else {
      const ids = op === 'remove' && value === undefined ? null : memberIds(value);
      if (op === 'replace' || ids === null) {
        // From here on the list itself is the answer: later adds and removes change it, not `add` or `removed`.
        replace = new Set(ids ?? []);
      } else {
        for (const id of ids) {
          if (op === 'add') {
            add.add(id);
            removed.delete(id);
            replace?.add(id);
          } else {
            removed.add(id);
            add.delete(id);
            replace?.delete(id);
          }
        }
      }
    }
  }
  return { ...change, members: replace ? { replace: [...replace] } : { add: [...add], remove: [...removed] } };
}

/** The member ids of `[{ "value": "<id>", "display": ... }]`, lower-cased (ids are ULIDs) and once each. */
function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((member) => {
    if (!isObject(member) || typeof member.value !== 'string' || member.value === '') {
      throw ScimError.badRequest('invalidValue', 'Each member must be an object with a string "value".');
    }
    return member.value.toLowerCase();
  });
  return [...new Set(ids)];
}

function requiredName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw ScimError.badRequest('invalidValue', 'displayName is required.');
  }
  return value;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw ScimError.badRequest('invalidValue', `${name} must be a string.`);
  return value;
}
