import { aScimUser, scimErrorOf } from '../../../test/support/scim';
import { groupPatch } from './scim-group';
import { booleanOf, normalisePatch, parsePath } from './scim-patch';
import { userAfterPatch } from './scim-user';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const U1 = '01jd0000000000000000000001';
const U2 = '01jd0000000000000000000002';
const U3 = '01jd0000000000000000000003';
const G = '01jd00000000000000000000g1';

const path = (attribute: string, subAttribute: string | null = null) => ({ attribute, filter: null, subAttribute });

const ada = aScimUser();

describe('normalisePatch: what Okta sends', () => {
  it('deactivates with a path-less replace', () => {
    const body = { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] };
    expect(normalisePatch(body, 'User')).toEqual([{ op: 'replace', path: path('active'), value: false }]);
    expect(userAfterPatch(ada, normalisePatch(body, 'User')).active).toBe(false);
  });

  it('adds a member by path with value and display', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: U1, display: 'ada@example.com' }] }],
    };
    expect(groupPatch(normalisePatch(body, 'Group'), G)).toEqual({ members: { add: [U1], remove: [] } });
  });

  it('removes a member named by a value filter in the path', () => {
    const body = { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: `members[value eq "${U2}"]` }] };
    expect(normalisePatch(body, 'Group')).toEqual([{ op: 'remove', path: path('members'), value: [{ value: U2 }] }]);
    expect(groupPatch(normalisePatch(body, 'Group'), G)).toEqual({ members: { add: [], remove: [U2] } });
  });

  it('renames a group with a path-less replace of displayName (and its id, which is ignored when unchanged)', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id: G.toUpperCase(), displayName: 'Sales EMEA' } }],
    };
    expect(groupPatch(normalisePatch(body, 'Group'), G)).toEqual({
      displayName: 'Sales EMEA',
      members: { add: [], remove: [] },
    });
  });
});

describe('normalisePatch: what Microsoft Entra ID sends by default', () => {
  it('takes the operation in any case and booleans as strings', () => {
    const body = { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] };
    expect(normalisePatch(body, 'User')).toEqual([{ op: 'replace', path: path('active'), value: false }]);
    const on = { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] };
    expect(userAfterPatch({ ...ada, active: false }, normalisePatch(on, 'User')).active).toBe(true);
  });

  it('reads `active` written as text as a boolean inside an object value too', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'name', value: { active: 'False', givenName: 'Ada' } }],
    };
    expect(normalisePatch(body, 'User')).toEqual([
      { op: 'replace', path: path('name'), value: { active: false, givenName: 'Ada' } },
    ]);
  });

  it('changes attributes by filtered paths (emails[type eq "work"].value, name.familyName)', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'ada.l@example.com' },
        { op: 'Replace', path: 'name.familyName', value: 'King' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+14155552671' },
        { op: 'Replace', path: 'externalId', value: 'entra-1' },
        { op: 'Replace', path: 'userName', value: 'ada.l@example.com' },
      ],
    };
    expect(userAfterPatch(ada, normalisePatch(body, 'User'))).toEqual({
      ...ada,
      userName: 'ada.l@example.com',
      externalId: 'entra-1',
      email: 'ada.l@example.com',
      familyName: 'King',
      phone: '+14155552671',
    });
  });

  it('removes only the members listed in the value, never all of them', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: U1 }, { value: U3 }] }],
    };
    expect(groupPatch(normalisePatch(body, 'Group'), G)).toEqual({ members: { add: [], remove: [U1, U3] } });
  });

  it('adds members with Add, and with Replace sets them exactly', () => {
    const add = { schemas: [PATCH_OP], Operations: [{ op: 'Add', path: 'members', value: [{ value: U1 }] }] };
    expect(groupPatch(normalisePatch(add, 'Group'), G).members).toEqual({ add: [U1], remove: [] });
    const replace = { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'members', value: [{ value: U2 }] }] };
    expect(groupPatch(normalisePatch(replace, 'Group'), G).members).toEqual({ replace: [U2] });
  });

  it('removes every member only for a remove of members without a value', () => {
    const body = { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: 'members' }] };
    expect(groupPatch(normalisePatch(body, 'Group'), G).members).toEqual({ replace: [] });
  });

  it('folds operations in order: added then removed is removed', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: U1 }, { value: U2 }] },
        { op: 'remove', path: `members[value eq "${U1}"]` },
      ],
    };
    expect(groupPatch(normalisePatch(body, 'Group'), G).members).toEqual({ add: [U2], remove: [U1] });
  });
});

describe('normalisePatch: Entra with ?aadOptscim062020', () => {
  it('expands a path-less replace with dotted keys and full URN keys', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'replace',
          value: {
            'name.givenName': 'Augusta',
            'urn:ietf:params:scim:schemas:core:2.0:User:name.familyName': 'Byron',
            'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department': 'Research',
            active: 'false',
          },
        },
      ],
    };
    expect(normalisePatch(body, 'User')).toEqual([
      { op: 'replace', path: path('name', 'givenName'), value: 'Augusta' },
      { op: 'replace', path: path('name', 'familyName'), value: 'Byron' },
      {
        op: 'replace',
        path: path('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'),
        value: 'Research',
      },
      { op: 'replace', path: path('active'), value: false },
    ]);
    expect(userAfterPatch(ada, normalisePatch(body, 'User'))).toEqual({
      ...ada,
      givenName: 'Augusta',
      familyName: 'Byron',
      active: false,
    });
  });

  it('clears an attribute given null or an empty string', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'replace', value: { externalId: null, 'name.givenName': '' } },
        { op: 'replace', path: 'phoneNumbers[type eq "work"].value', value: '' },
      ],
    };
    const withPhone = { ...ada, phone: '+14155552671' };
    expect(normalisePatch(body, 'User').map((operation) => operation.op)).toEqual(['remove', 'remove', 'remove']);
    expect(userAfterPatch(withPhone, normalisePatch(body, 'User'))).toEqual({
      ...ada,
      externalId: null,
      givenName: null,
      phone: null,
    });
  });
});

describe('normalisePatch: what is refused', () => {
  it('requires the PatchOp schema and a list of operations', () => {
    expect(scimErrorOf(() => normalisePatch({ Operations: [] }, 'User'))).toMatchObject({
      status: 400,
      scimType: 'invalidSyntax',
    });
    expect(scimErrorOf(() => normalisePatch({ schemas: [PATCH_OP], Operations: [] }, 'User')).scimType).toBe(
      'invalidSyntax',
    );
    expect(scimErrorOf(() => normalisePatch({ schemas: [PATCH_OP, 'urn:x'], Operations: [{}] }, 'User')).message).toBe(
      'Unknown schema "urn:x" in a PATCH body.',
    );
    expect(scimErrorOf(() => normalisePatch([], 'User')).scimType).toBe('invalidSyntax');
  });

  it('refuses an unknown operation, a path-less remove and a path-less value that is not an object', () => {
    const op = (operation: unknown) =>
      scimErrorOf(() => normalisePatch({ schemas: [PATCH_OP], Operations: [operation] }, 'User'));
    expect(op({ op: 'move', path: 'active', value: true })).toMatchObject({ scimType: 'invalidSyntax' });
    expect(op({ op: 'remove' })).toMatchObject({ scimType: 'noTarget' });
    expect(op({ op: 'replace', value: 'x' })).toMatchObject({ scimType: 'invalidSyntax' });
    expect(op({ op: 'replace', path: 5, value: 'x' })).toMatchObject({ scimType: 'invalidPath' });
    expect(op('replace')).toMatchObject({ scimType: 'invalidSyntax' });
  });

  it('refuses paths it cannot read and attributes no schema has', () => {
    expect(scimErrorOf(() => parsePath('emails[type co "w"].value', 'User'))).toMatchObject({
      scimType: 'invalidPath',
    });
    expect(scimErrorOf(() => parsePath("userName'; DROP TABLE people; --", 'User')).scimType).toBe('invalidPath');
    const unknown = { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'shoeSize', value: 42 }] };
    expect(scimErrorOf(() => userAfterPatch(ada, normalisePatch(unknown, 'User')))).toMatchObject({
      status: 400,
      scimType: 'invalidPath',
    });
    const id = { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'id', value: U1 }] };
    expect(scimErrorOf(() => userAfterPatch(ada, normalisePatch(id, 'User'))).scimType).toBe('mutability');
    expect(scimErrorOf(() => groupPatch(normalisePatch(id, 'Group'), G)).scimType).toBe('mutability');
  });

  it('refuses a member without a value, a non-boolean active and removing a required attribute', () => {
    const member = { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ display: 'x' }] }] };
    expect(scimErrorOf(() => groupPatch(normalisePatch(member, 'Group'), G)).scimType).toBe('invalidValue');
    const active = { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] };
    expect(scimErrorOf(() => userAfterPatch(ada, normalisePatch(active, 'User'))).scimType).toBe('invalidValue');
    const userName = { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: 'userName' }] };
    expect(scimErrorOf(() => userAfterPatch(ada, normalisePatch(userName, 'User'))).scimType).toBe('mutability');
    const members = { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: 'members[display eq "x"]' }] };
    expect(scimErrorOf(() => normalisePatch(members, 'Group')).scimType).toBe('invalidFilter');
  });
});

describe('userAfterPatch: names from displayName', () => {
  it('takes the names from displayName when the request names neither part', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'displayName', value: 'Grace Brewster Hopper' }],
    };
    expect(userAfterPatch(ada, normalisePatch(body, 'User'))).toMatchObject({
      givenName: 'Grace Brewster',
      familyName: 'Hopper',
    });
  });

  it('keeps the named parts when the request gives them too', () => {
    const body = {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { displayName: 'Countess Lovelace', name: { givenName: 'Augusta' } } }],
    };
    expect(userAfterPatch(ada, normalisePatch(body, 'User'))).toMatchObject({
      givenName: 'Augusta',
      familyName: 'Lovelace',
    });
  });
});

describe('userAfterPatch: preferredLanguage as the locale', () => {
  const language = (value: unknown) =>
    userAfterPatch(
      ada,
      normalisePatch(
        { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'preferredLanguage', value }] },
        'User',
      ),
    ).locale;

  it('keeps the first language of an Accept-Language value when it is supported, canonical', () => {
    expect(language('fr-ca, fr;q=0.8, en;q=0.5')).toBe('fr-CA');
    expect(language('de')).toBe('de');
  });

  it("falls back to the organization's default for a language not translated, and clears on null", () => {
    expect(language('ja-JP')).toBeNull();
    expect(language('not a tag')).toBeNull();
    expect(
      userAfterPatch(
        { ...ada, locale: 'fr' },
        normalisePatch({ schemas: [PATCH_OP], Operations: [{ op: 'remove', path: 'preferredLanguage' }] }, 'User'),
      ).locale,
    ).toBeNull();
  });
});

describe('parsePath and normalisePatch, in their own words', () => {
  const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
  const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
  const patch = (operations: unknown[]) => ({ schemas: [PATCH_OP], Operations: operations });

  it('reads a path in any case, trimmed, with its resource’s own URN prefix', () => {
    expect(parsePath('emails[TYPE EQ "work"].VALUE', 'User')).toEqual({
      attribute: 'emails',
      filter: { attribute: 'TYPE', value: 'work' },
      subAttribute: 'VALUE',
    });
    expect(parsePath('  userName  ', 'User')).toEqual(path('userName'));
    expect(parsePath(`${GROUP}:displayName`, 'Group')).toEqual(path('displayName'));
    expect(scimErrorOf(() => parsePath(`${GROUP}:displayName`, 'User')).scimType).toBe('invalidPath');
    expect(scimErrorOf(() => parsePath(`${ENTERPRISE}:department`, 'Group'))).toEqual({
      status: 400,
      scimType: 'invalidPath',
      message: `The path "${ENTERPRISE}:department" is not a supported attribute path.`,
    });
  });

  it('reads a filter on true or false, in any case, as a boolean', () => {
    expect(parsePath('emails[primary eq True].value', 'User').filter).toEqual({ attribute: 'primary', value: true });
    expect(parsePath('emails[primary eq FALSE].value', 'User').filter).toEqual({ attribute: 'primary', value: false });
    expect(parsePath('emails[type eq "true"].value', 'User').filter).toEqual({ attribute: 'type', value: 'true' });
  });

  it('takes primary sent as a string as a boolean', () => {
    expect(
      normalisePatch(patch([{ op: 'replace', path: 'emails[type eq "work"].primary', value: 'True' }]), 'User'),
    ).toEqual([
      {
        op: 'replace',
        path: { attribute: 'emails', filter: { attribute: 'type', value: 'work' }, subAttribute: 'primary' },
        value: true,
      },
    ]);
  });

  it('takes a null or empty path as none', () => {
    expect(scimErrorOf(() => normalisePatch(patch([{ op: 'remove', path: null }]), 'User'))).toEqual({
      status: 400,
      scimType: 'noTarget',
      message: 'A remove operation needs a path.',
    });
    expect(normalisePatch(patch([{ op: 'replace', path: '', value: { active: false } }]), 'User')).toEqual([
      { op: 'replace', path: path('active'), value: false },
    ]);
    expect(normalisePatch({ schemas: [PATCH_OP], operations: [{ op: 'remove', path: 'title' }] }, 'User')).toEqual([
      { op: 'remove', path: path('title') },
    ]);
  });

  it('says what is wrong with a body in the contract’s words', () => {
    const refused = (body: unknown) => scimErrorOf(() => normalisePatch(body, 'User'));
    expect(refused('x')).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      message: 'A PATCH body must be a JSON object.',
    });
    expect(refused({ schemas: [], Operations: [{ op: 'remove', path: 'title' }] })).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      message: `A PATCH body must name the schema ${PATCH_OP}.`,
    });
    expect(refused({ schemas: ['urn:x'], Operations: [{ op: 'remove', path: 'title' }] })).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      message: `A PATCH body must name the schema ${PATCH_OP}.`,
    });
    expect(refused({ schemas: [PATCH_OP] }).message).toBe('A PATCH body must hold a non-empty "Operations" list.');
    expect(refused(patch(['replace'])).message).toBe('Each operation must be a JSON object.');
    expect(refused(patch([{ op: 'move', path: 'title' }])).message).toBe('Unknown operation "move".');
    expect(refused(patch([{ op: 'replace', value: 'x' }])).message).toBe(
      'An operation without a path needs an object as its value.',
    );
    expect(refused(patch([{ op: 'replace', path: 5, value: 'x' }])).message).toBe('A path must be a string.');
    expect(refused(patch([{ op: 'remove', path: 'members[display eq "x"]' }])).message).toBe(
      'Members are selected by `value eq "<id>"` only.',
    );
  });
});

describe('normalisePatch: the one shape of a removal', () => {
  const remove = (operation: Record<string, unknown>) =>
    normalisePatch({ schemas: [PATCH_OP], Operations: [{ op: 'remove', ...operation }] }, 'User');

  it('carries no value key when none or null was sent, and keeps one that was', () => {
    expect(remove({ path: 'title' })).toStrictEqual([{ op: 'remove', path: path('title') }]);
    expect(remove({ path: 'title', value: null })).toStrictEqual([{ op: 'remove', path: path('title') }]);
    expect(remove({ path: 'active' })).toStrictEqual([{ op: 'remove', path: path('active') }]);
    expect(remove({ path: 'title', value: '' })).toStrictEqual([{ op: 'remove', path: path('title'), value: '' }]);
  });

  it('selects members by a string value only', () => {
    const body = { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: 'members[value eq true]' }] };
    expect(() => normalisePatch(body, 'Group')).toThrow('Members are selected by `value eq "<id>"` only.');
  });
});

describe('booleanOf', () => {
  it('reads the whole text as true or false, in any case, and leaves anything else', () => {
    expect([booleanOf('TRUE'), booleanOf('False'), booleanOf(true)]).toEqual([true, false, true]);
    for (const value of ['xtrue', 'truex', 'false ', 'yes', '', 1, null]) expect(booleanOf(value)).toBe(value);
  });
});
