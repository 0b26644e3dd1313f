import fc from 'fast-check';
import { scimErrorOf } from '../../../test/support/scim';
import { groupFromResource, groupPatch } from './scim-group';
import { PatchOperation } from './scim-patch';
import { GROUP_SCHEMA } from './scim-schemas';

const U1 = '01jd0000000000000000000001';
const U2 = '01jd0000000000000000000002';
const U3 = '01jd0000000000000000000003';
const G = '01jd00000000000000000000g1';

const group = (fields: Record<string, unknown>) => ({ schemas: [GROUP_SCHEMA], displayName: 'Sales', ...fields });
const members = (...ids: string[]) => ids.map((value) => ({ value, display: `${value}@example.com` }));
const op = (kind: PatchOperation['op'], attribute: string, value?: unknown): PatchOperation => ({
  op: kind,
  path: { attribute, filter: null, subAttribute: null },
  value,
});

describe('groupFromResource: the whole group (POST, PUT)', () => {
  it('reads its name, directory id and exactly its members, lower-cased and once each', () => {
    const body = group({
      id: G,
      meta: { resourceType: 'Group' },
      externalId: 'okta-7',
      members: members(U1, U2.toUpperCase(), U2),
    });
    expect(groupFromResource(body)).toEqual({
      displayName: 'Sales',
      externalId: 'okta-7',
      members: { replace: [U1, U2] },
    });
  });

  it('has no members and no directory id when the request names none', () => {
    expect(groupFromResource(group({}))).toEqual({ displayName: 'Sales', externalId: null, members: { replace: [] } });
    expect(groupFromResource(group({ externalId: null })).externalId).toBeNull();
  });

  it('takes attribute names in any case', () => {
    const body = { SCHEMAS: [GROUP_SCHEMA], DisplayName: 'Sales', schemas: [GROUP_SCHEMA], displayName: 'Sales' };
    expect(groupFromResource(body).displayName).toBe('Sales');
  });

  it('refuses what is not a group', () => {
    expect(scimErrorOf(() => groupFromResource([]))).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      message: 'A Group must be a JSON object.',
    });
    expect(scimErrorOf(() => groupFromResource({ displayName: 'Sales' }))).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      message: `A Group must name the schema ${GROUP_SCHEMA}.`,
    });
    expect(scimErrorOf(() => groupFromResource({ schemas: GROUP_SCHEMA, displayName: 'Sales' })).scimType).toBe(
      'invalidSyntax',
    );
    expect(scimErrorOf(() => groupFromResource(group({ schemas: [GROUP_SCHEMA, 'urn:x'] })))).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      message: 'Unknown schema "urn:x".',
    });
    expect(scimErrorOf(() => groupFromResource(group({ owners: [] })))).toEqual({
      status: 400,
      scimType: 'invalidValue',
      message: 'Unknown attribute "owners" for a Group.',
    });
  });

  it('needs a displayName with a visible character', () => {
    const required = { status: 400, scimType: 'invalidValue', message: 'displayName is required.' };
    expect(scimErrorOf(() => groupFromResource(group({ displayName: undefined })))).toEqual(required);
    expect(scimErrorOf(() => groupFromResource(group({ displayName: ' \t' })))).toEqual(required);
    expect(scimErrorOf(() => groupFromResource(group({ displayName: 7 })))).toEqual(required);
    expect(groupFromResource(group({ displayName: ' S ' })).displayName).toBe(' S ');
  });

  it('refuses a directory id that is not a string, and a member without a string value', () => {
    expect(scimErrorOf(() => groupFromResource(group({ externalId: 7 })))).toEqual({
      status: 400,
      scimType: 'invalidValue',
      message: 'externalId must be a string.',
    });
    const memberError = {
      status: 400,
      scimType: 'invalidValue',
      message: 'Each member must be an object with a string "value".',
    };
    expect(scimErrorOf(() => groupFromResource(group({ members: [U1] })))).toEqual(memberError);
    expect(scimErrorOf(() => groupFromResource(group({ members: [{ value: 1 }] })))).toEqual(memberError);
    expect(scimErrorOf(() => groupFromResource(group({ members: [{ value: '' }] })))).toEqual(memberError);
    expect(scimErrorOf(() => groupFromResource(group({ members: [null] })))).toEqual(memberError);
  });

  it('takes a single member object as a list of one', () => {
    expect(groupFromResource(group({ members: { value: U1 } })).members).toEqual({ replace: [U1] });
  });
});

describe('groupPatch', () => {
  it('changes nothing for no operation, meta or schemas', () => {
    expect(groupPatch([], G)).toEqual({ members: { add: [], remove: [] } });
    expect(groupPatch([op('replace', 'meta', {}), op('replace', 'schemas', [])], G)).toEqual({
      members: { add: [], remove: [] },
    });
  });

  it('renames, and refuses to remove or blank the name', () => {
    expect(groupPatch([op('replace', 'displayName', 'Sales EMEA')], G)).toEqual({
      displayName: 'Sales EMEA',
      members: { add: [], remove: [] },
    });
    expect(scimErrorOf(() => groupPatch([op('remove', 'displayName')], G))).toEqual({
      status: 400,
      scimType: 'mutability',
      message: 'displayName is required: it cannot be removed.',
    });
    expect(scimErrorOf(() => groupPatch([op('replace', 'displayName', '')], G)).message).toBe(
      'displayName is required.',
    );
  });

  it('sets and clears the directory id', () => {
    expect(groupPatch([op('add', 'externalId', 'okta-7')], G).externalId).toBe('okta-7');
    expect(groupPatch([op('remove', 'externalId')], G).externalId).toBeNull();
    expect(groupPatch([op('remove', 'externalId', 'okta-7')], G).externalId).toBeNull();
    expect(scimErrorOf(() => groupPatch([op('replace', 'externalId', 7)], G)).message).toBe(
      'externalId must be a string.',
    );
  });

  it('ignores its own id in any case, and refuses another', () => {
    expect(groupPatch([op('replace', 'id', G.toUpperCase())], G)).toEqual({ members: { add: [], remove: [] } });
    expect(scimErrorOf(() => groupPatch([op('replace', 'id', U1)], G))).toEqual({
      status: 400,
      scimType: 'mutability',
      message: 'id cannot be changed.',
    });
    expect(scimErrorOf(() => groupPatch([op('replace', 'id', 7)], G)).scimType).toBe('mutability');
  });

  it('refuses an attribute a Group does not have', () => {
    expect(scimErrorOf(() => groupPatch([op('add', 'emails', [])], G))).toEqual({
      status: 400,
      scimType: 'invalidPath',
      message: 'Unknown attribute "emails".',
    });
  });

  it('replaces the members, then adds to and removes from that list', () => {
    const operations = [
      op('add', 'members', members(U3)),
      op('replace', 'members', members(U1)),
      op('add', 'members', members(U2)),
      op('remove', 'members', members(U1)),
    ];
    expect(groupPatch(operations, G).members).toEqual({ replace: [U2] });
  });

  it('takes a member added back after its removal as added', () => {
    const operations = [op('remove', 'members', members(U1)), op('add', 'members', members(U1))];
    expect(groupPatch(operations, G).members).toEqual({ add: [U1], remove: [] });
  });

  it('empties the group for a remove of members without a value, forgetting earlier changes', () => {
    const operations = [
      op('add', 'members', members(U1)),
      op('remove', 'members', members(U2)),
      op('remove', 'members'),
    ];
    expect(groupPatch(operations, G).members).toEqual({ replace: [] });
    expect(groupPatch([...operations, op('add', 'members', members(U3))], G).members).toEqual({ replace: [U3] });
  });

  it('ends, for any sequence of adds and removes, with each member in the list of the last operation naming it', () => {
    const ids = fc.constantFrom(U1, U2, U3);
    const step = fc.record({ op: fc.constantFrom('add' as const, 'remove' as const), ids: fc.uniqueArray(ids) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (steps) => {
        const { members: result } = groupPatch(
          steps.map((s) => op(s.op, 'members', members(...s.ids))),
          G,
        );
        if (!('add' in result)) return false;
        const last = new Map<string, string>();
        for (const s of steps) for (const id of s.ids) last.set(id, s.op);
        const expected = (kind: string) =>
          [...last]
            .filter(([, o]) => o === kind)
            .map(([id]) => id)
            .sort();
        return (
          JSON.stringify([...result.add].sort()) === JSON.stringify(expected('add')) &&
          JSON.stringify([...result.remove].sort()) === JSON.stringify(expected('remove'))
        );
      }),
    );
  });
});

describe('groupPatch: members without a value', () => {
  it('refuses an add or a replace of members that names none', () => {
    const memberError = {
      status: 400,
      scimType: 'invalidValue',
      message: 'Each member must be an object with a string "value".',
    };
    expect(scimErrorOf(() => groupPatch([op('add', 'members')], G))).toEqual(memberError);
    expect(scimErrorOf(() => groupPatch([op('replace', 'members')], G))).toEqual(memberError);
  });
});
