import { parse } from 'scim2-parse-filter';
import { ScimError } from '../domain/scim-error';
import type { GroupCriteria, UserCriteria } from './scim-directory';

/** The filter AST of scim2-parse-filter, as far as this service reads it. */
export interface FilterNode {
  op: string;
  attrPath?: string;
  compValue?: unknown;
  filters?: FilterNode[];
  valFilter?: FilterNode;
}

type Criteria = Record<string, string | boolean | undefined>;

/**
 * Turns a parsed filter into criteria: only `eq` on the attributes docs/scim.md lists, joined by `and`; anything else
 * (another operator, `or`, `not`, an attribute not listed, a value that is not a string) is `invalidFilter`. The
 * criteria are then bound as parameters of a fixed statement, never written into SQL.
 */
function criteriaOf(node: FilterNode, attributes: (path: string) => string | null): Criteria {
  const criteria: Criteria = {};
  const visit = (current: FilterNode) => {
    if (current.op === 'and') return current.filters?.forEach(visit);
    if (current.op === '[]') {
      // emails[type eq "work" and value eq "x"]: the value condition inside, the type ignored.
      const inner = current.valFilter;
      const conditions = inner?.op === 'and' ? (inner.filters ?? []) : inner ? [inner] : [];
      const values = conditions.filter((condition) => condition.attrPath?.toLowerCase() !== 'type');
      // `emails[type eq "work"].value eq "x"` parses as that bracket (the type alone) and `emails.value eq "x"`.
      if (values.length === 0 && conditions.length > 0 && conditions.every((c) => c.op === 'eq')) return;
      if (values.length !== 1) unsupported();
      return add(`${current.attrPath}.${values[0].attrPath}`, values[0]);
    }
    if (current.op !== 'eq') unsupported();
    add(current.attrPath ?? '', current);
  };
  const add = (path: string, condition: FilterNode) => {
    if (condition.op !== 'eq' || typeof condition.compValue !== 'string') unsupported();
    const key = attributes(path);
    if (key === null) unsupported();
    const value = condition.compValue as string;
    const existing = criteria[key!];
    if (existing !== undefined && String(existing).toLowerCase() !== value.toLowerCase()) criteria.impossible = true;
    criteria[key!] = value;
  };
  visit(node);
  return criteria;
}

/** The longest filter read: far above any identity provider's (a few equalities), far below a costly parse. */
const MAX_FILTER_LENGTH = 1000;

/** `filter=` parsed by scim2-parse-filter (RFC 7644 §3.4.2.2's grammar); what it cannot parse is `invalidFilter`. */
export function parseFilter(text: string): FilterNode {
  if (text.length > MAX_FILTER_LENGTH) {
    throw ScimError.badRequest('invalidFilter', `A filter is at most ${MAX_FILTER_LENGTH} characters.`);
  }
  try {
    return parse(text) as FilterNode;
  } catch {
    throw ScimError.badRequest('invalidFilter', 'The filter is not a valid SCIM filter.');
  }
}

function unsupported(): never {
  throw ScimError.badRequest(
    'invalidFilter',
    'Only `eq` comparisons of the supported attributes, joined by `and`, are supported.',
  );
}

const USER_FILTER_ATTRIBUTES: Record<string, keyof UserCriteria> = {
  id: 'id',
  username: 'userName',
  externalid: 'externalId',
  'emails.value': 'email',
  emails: 'email',
};

const GROUP_FILTER_ATTRIBUTES: Record<string, keyof GroupCriteria> = {
  id: 'id',
  displayname: 'displayName',
  externalid: 'externalId',
  'members.value': 'memberId',
  members: 'memberId',
};

/** A URN-qualified attribute (`urn:...:User:userName`) is its plain name. */
const plain = (path: string) =>
  path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '').toLowerCase();

export function userCriteria(node: FilterNode): UserCriteria {
  return criteriaOf(node, (path) => USER_FILTER_ATTRIBUTES[plain(path)] ?? null) as UserCriteria;
}

export function groupCriteria(node: FilterNode): GroupCriteria {
  return criteriaOf(node, (path) => GROUP_FILTER_ATTRIBUTES[plain(path)] ?? null) as GroupCriteria;
}
