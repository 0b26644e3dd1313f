import { aScimUser, scimErrorOf } from '../../../test/support/scim';
import { PatchOperation } from './scim-patch';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from './scim-schemas';
import { ScimUserState, userAfterPatch, userFromResource } from './scim-user';

const ada = aScimUser({ phone: '+14155552671', locale: 'fr', active: false });

const resource = (fields: Record<string, unknown>) => ({ schemas: [USER_SCHEMA], ...fields });
const minimal = { userName: 'grace@example.com', name: { familyName: 'Hopper' } };

const op = (
  kind: PatchOperation['op'],
  attribute: string,
  value?: unknown,
  subAttribute: string | null = null,
): PatchOperation => ({ op: kind, path: { attribute, filter: null, subAttribute }, value });

describe('userFromResource: the whole user (POST, PUT)', () => {
  it('maps every attribute it knows', () => {
    const body = resource({
      id: 'ignored',
      meta: { resourceType: 'User' },
      externalId: '00u9',
      userName: 'grace@example.com',
      name: { givenName: 'Grace', familyName: 'Hopper', formatted: 'Grace Hopper', middleName: 'Brewster' },
      displayName: 'Rear Admiral Hopper',
      emails: [{ value: 'grace@navy.mil', type: 'work' }],
      phoneNumbers: [{ value: '+12025550100', type: 'work' }],
      preferredLanguage: 'de',
      active: 'False',
      title: 'Admiral',
      [ENTERPRISE_USER_SCHEMA]: { department: 'Navy' },
    });
    expect(userFromResource(body, null)).toEqual({
      userName: 'grace@example.com',
      externalId: '00u9',
      givenName: 'Grace',
      familyName: 'Hopper',
      email: 'grace@navy.mil',
      phone: '+12025550100',
      locale: 'de',
      active: false,
    });
  });

  it.each([
    {
      does: 'takes the email from a userName that is one, and makes a new user active',
      existing: null,
      email: 'grace@example.com',
      active: true,
    },
    {
      does: 'clears on PUT what the request does not say, except active and the required email, which stay',
      existing: ada,
      email: 'ada@example.com',
      active: false,
    },
  ])('$does', ({ existing, email, active }) => {
    expect(userFromResource(resource(minimal), existing)).toEqual({
      userName: 'grace@example.com',
      externalId: null,
      givenName: null,
      familyName: 'Hopper',
      email,
      phone: null,
      locale: null,
      active,
    });
  });

  it('takes active on PUT when the request says it', () => {
    expect(userFromResource(resource({ ...minimal, active: true }), ada).active).toBe(true);
  });

  it('accepts the enterprise extension’s schema beside the core one', () => {
    const body = { ...resource(minimal), schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA] };
    expect(userFromResource(body, null).familyName).toBe('Hopper');
  });

  it('refuses what is not a user: not an object, without the User schema, with another schema', () => {
    expect(scimErrorOf(() => userFromResource([minimal], null))).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      message: 'A User must be a JSON object.',
    });
    expect(scimErrorOf(() => userFromResource(null, null)).scimType).toBe('invalidSyntax');
    expect(scimErrorOf(() => userFromResource(minimal, null))).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      message: `A User must name the schema ${USER_SCHEMA}.`,
    });
    expect(scimErrorOf(() => userFromResource({ ...minimal, schemas: USER_SCHEMA }, null)).scimType).toBe(
      'invalidSyntax',
    );
    expect(scimErrorOf(() => userFromResource({ ...minimal, schemas: [USER_SCHEMA, 'urn:x'] }, null))).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      message: 'Unknown schema "urn:x".',
    });
  });

  it('refuses an unknown attribute, and a user without a userName', () => {
    expect(scimErrorOf(() => userFromResource(resource({ ...minimal, shoeSize: 42 }), null))).toEqual({
      status: 400,
      scimType: 'invalidValue',
      message: 'Unknown attribute "shoeSize" for a User.',
    });
    expect(scimErrorOf(() => userFromResource(resource({ name: { familyName: 'Hopper' } }), null))).toEqual({
      status: 400,
      scimType: 'invalidValue',
      message: 'userName is required.',
    });
  });

  it('takes attribute names in any case', () => {
    const body = resource({ USERNAME: 'grace@example.com', Name: { GivenName: 'Grace', FAMILYNAME: 'Hopper' } });
    expect(userFromResource(body, null)).toMatchObject({ givenName: 'Grace', familyName: 'Hopper' });
  });

  it('refuses a value of the wrong type, naming the attribute', () => {
    const refused = (fields: Record<string, unknown>) =>
      scimErrorOf(() => userFromResource(resource({ ...minimal, ...fields }), null));
    expect(refused({ userName: 7 })).toEqual({
      status: 400,
      scimType: 'invalidValue',
      message: 'userName must be a string.',
    });
    expect(refused({ externalId: 7 }).message).toBe('externalId must be a string.');
    expect(refused({ displayName: false }).message).toBe('displayName must be a string.');
    expect(refused({ preferredLanguage: ['fr'] }).message).toBe('preferredLanguage must be a string.');
    expect(refused({ active: 'yes' })).toEqual({
      status: 400,
      scimType: 'invalidValue',
      message: 'active must be a boolean.',
    });
    expect(refused({ name: 'Grace Hopper' }).message).toBe('name must be an object.');
    expect(refused({ name: { givenName: 1, familyName: 'Hopper' } }).message).toBe('name.givenName must be a string.');
    expect(refused({ name: { familyName: 1 } }).message).toBe('name.familyName must be a string.');
    expect(refused({ emails: 'grace@example.com' }).message).toBe('emails must be a list.');
    expect(refused({ emails: ['grace@example.com'] }).message).toBe('Each entry must be an object.');
    expect(refused({ emails: [{ value: 5 }] }).message).toBe('value must be a string.');
    expect(refused({ phoneNumbers: '+12025550100' }).message).toBe('phoneNumbers must be a list.');
  });

  it('needs a family name (or a displayName) and an email (or a userName that is one)', () => {
    expect(scimErrorOf(() => userFromResource(resource({ userName: 'grace@example.com' }), null))).toEqual({
      status: 400,
      scimType: 'invalidValue',
      message: 'name.familyName (or displayName) is required.',
    });
    expect(scimErrorOf(() => userFromResource(resource({ ...minimal, name: { familyName: '' } }), null)).message).toBe(
      'name.familyName (or displayName) is required.',
    );
    expect(scimErrorOf(() => userFromResource(resource({ ...minimal, userName: 'grace' }), null))).toEqual({
      status: 400,
      scimType: 'invalidValue',
      message: 'An email is required (emails, or a userName that is one).',
    });
    const withEmail = resource({ ...minimal, userName: 'grace', emails: [{ value: 'grace@example.com' }] });
    expect(userFromResource(withEmail, null)).toMatchObject({ userName: 'grace', email: 'grace@example.com' });
  });
});

describe('the preferred email and phone number', () => {
  const email = (emails: unknown[]) =>
    userFromResource(resource({ ...minimal, userName: 'grace', emails }), null).email;
  const phone = (phoneNumbers: unknown[]) => userFromResource(resource({ ...minimal, phoneNumbers }), null).phone;

  it('is the primary entry, whatever its type or place', () => {
    const home = { value: 'home@example.com', type: 'home' };
    const work = { value: 'work@example.com', type: 'work' };
    expect(email([home, work, { value: 'p@example.com', type: 'other', primary: 'True' }])).toBe('p@example.com');
    expect(email([{ ...home, primary: true }, work])).toBe('home@example.com');
    expect(email([{ ...work, primary: false }, home])).toBe('work@example.com');
  });

  it('else the first of the preferred types, in the order of preference, any case', () => {
    expect(
      email([
        { value: 'home@example.com', type: 'home' },
        { value: 'work@example.com', type: 'Work' },
      ]),
    ).toBe('work@example.com');
    const [home, mobile, work] = [
      { value: '+1', type: 'home' },
      { value: '+2', type: 'mobile' },
      { value: '+3', type: 'WORK' },
    ];
    expect(phone([home, mobile, work])).toBe('+3');
    expect(phone([home, mobile])).toBe('+2');
  });

  it('else the first entry; an empty list leaves the email and clears the phone', () => {
    expect(email([{ value: 'a@example.com' }, { value: 'b@example.com', type: 'home' }])).toBe('a@example.com');
    expect(phone([{ value: '+1', type: 'fax' }, { value: '+2' }])).toBe('+1');
    expect(phone([])).toBeNull();
    expect(userFromResource(resource({ ...minimal, emails: [] }), null).email).toBe('grace@example.com');
  });
});

describe('names from displayName', () => {
  const names = (fields: Record<string, unknown>, current: ScimUserState | null = null) => {
    const { givenName, familyName } = userFromResource(resource({ userName: 'g@example.com', ...fields }), current);
    return { givenName, familyName };
  };

  it('splits it at the last space: the last word is the family name', () => {
    expect(names({ displayName: '  Grace   Brewster Hopper ' })).toEqual({
      givenName: 'Grace Brewster',
      familyName: 'Hopper',
    });
    expect(names({ displayName: 'Hopper' })).toEqual({ givenName: null, familyName: 'Hopper' });
  });

  it('is not used when the request names the family name alone', () => {
    expect(names({ displayName: 'Grace Hopper', name: { familyName: 'Murray' } })).toEqual({
      givenName: null,
      familyName: 'Murray',
    });
  });

  it('is not used when the request names a part itself', () => {
    expect(names({ displayName: 'Grace Hopper', name: { givenName: 'Amazing', familyName: 'Grace' } })).toEqual({
      givenName: 'Amazing',
      familyName: 'Grace',
    });
  });

  it('is not used for an empty displayName', () => {
    expect(scimErrorOf(() => names({ displayName: '' })).message).toBe('name.familyName (or displayName) is required.');
  });

  it('clears a name part sent as null or an empty string, and ignores the parts it does not map', () => {
    expect(names({ name: { givenName: null, familyName: 'Hopper', honorificPrefix: 'Dr' } })).toEqual({
      givenName: null,
      familyName: 'Hopper',
    });
    expect(names({ name: { givenName: '', familyName: 'Hopper' } }).givenName).toBeNull();
  });
});

describe('userAfterPatch', () => {
  it('keeps what the operations do not touch', () => {
    expect(userAfterPatch(ada, [])).toEqual(ada);
    expect(userAfterPatch(ada, [op('replace', 'title', 'Countess'), op('replace', 'meta', {})])).toEqual(ada);
    expect(userAfterPatch(ada, [op('replace', 'schemas', ['urn:x'])])).toEqual(ada);
  });

  it('applies the operations in order', () => {
    const operations = [op('replace', 'externalId', 'a'), op('remove', 'externalId'), op('add', 'externalId', 'b')];
    expect(userAfterPatch(ada, operations).externalId).toBe('b');
    expect(userAfterPatch(ada, operations.slice(0, 2)).externalId).toBeNull();
  });

  it('sets an email or a phone number by a sub-attribute path', () => {
    expect(userAfterPatch(ada, [op('replace', 'emails', 'lady@example.com', 'value')]).email).toBe('lady@example.com');
    expect(userAfterPatch(ada, [op('add', 'phoneNumbers', '+33100000000', 'value')]).phone).toBe('+33100000000');
    expect(userAfterPatch(ada, [op('add', 'phoneNumbers', [{ value: '+2' }])]).phone).toBe('+2');
    expect(scimErrorOf(() => userAfterPatch(ada, [op('add', 'emails', 5, 'value')])).message).toBe(
      'emails.value must be a string.',
    );
    expect(scimErrorOf(() => userAfterPatch(ada, [op('add', 'phoneNumbers', 5, 'value')])).message).toBe(
      'phoneNumbers.value must be a string.',
    );
  });

  it('sets one name part by a sub-attribute path, in any case', () => {
    expect(userAfterPatch(ada, [op('replace', 'name', 'Augusta', 'GIVENNAME')])).toMatchObject({
      givenName: 'Augusta',
      familyName: 'Lovelace',
    });
  });

  it('removes the optional attributes, and displayName changes nothing when removed', () => {
    expect(
      userAfterPatch(ada, [
        op('remove', 'externalId'),
        op('remove', 'phoneNumbers'),
        op('remove', 'preferredLanguage'),
      ]),
    ).toEqual({ ...ada, externalId: null, phone: null, locale: null });
    expect(userAfterPatch(ada, [op('remove', 'displayName')])).toEqual(ada);
  });

  it('removes a name part, or both: then the family name is missing', () => {
    expect(userAfterPatch(ada, [op('remove', 'name', undefined, 'givenName')])).toEqual({ ...ada, givenName: null });
    expect(userAfterPatch(ada, [op('remove', 'name', undefined, 'formatted')])).toEqual(ada);
    expect(scimErrorOf(() => userAfterPatch(ada, [op('remove', 'name', undefined, 'FamilyName')])).message).toBe(
      'name.familyName (or displayName) is required.',
    );
    expect(scimErrorOf(() => userAfterPatch(ada, [op('remove', 'name')])).message).toBe(
      'name.familyName (or displayName) is required.',
    );
    // A removed given name is not refilled from a displayName sent with it.
    expect(
      userAfterPatch(ada, [op('remove', 'name', undefined, 'givenName'), op('replace', 'displayName', 'Ada King')]),
    ).toEqual({ ...ada, givenName: null });
  });

  it('refuses to remove a required attribute, saying whether a filter named it', () => {
    expect(scimErrorOf(() => userAfterPatch(ada, [op('remove', 'emails')]))).toEqual({
      status: 400,
      scimType: 'mutability',
      message: 'emails is required: it cannot be removed.',
    });
    const filtered: PatchOperation = {
      op: 'remove',
      path: { attribute: 'emails', filter: { attribute: 'type', value: 'work' }, subAttribute: null },
    };
    expect(scimErrorOf(() => userAfterPatch(ada, [filtered])).message).toBe(
      'emails (filtered) is required: it cannot be removed.',
    );
    expect(scimErrorOf(() => userAfterPatch(ada, [op('remove', 'active')])).scimType).toBe('mutability');
  });

  it('refuses an unknown path and a change of id', () => {
    expect(scimErrorOf(() => userAfterPatch(ada, [op('replace', 'shoeSize', 42)]))).toEqual({
      status: 400,
      scimType: 'invalidPath',
      message: 'Unknown attribute "shoeSize".',
    });
    expect(scimErrorOf(() => userAfterPatch(ada, [op('replace', 'id', 'x')]))).toEqual({
      status: 400,
      scimType: 'mutability',
      message: 'id cannot be changed.',
    });
  });

  it('keeps the email when the userName changes to an address', () => {
    expect(userAfterPatch(ada, [op('replace', 'userName', 'countess@example.com')])).toEqual({
      ...ada,
      userName: 'countess@example.com',
    });
  });
});

describe('userAfterPatch: what it leaves alone', () => {
  it('removes nothing for an attribute it does not map, meta or schemas, rather than refusing', () => {
    expect(userAfterPatch(ada, [op('remove', 'title'), op('remove', 'meta'), op('remove', 'schemas')])).toEqual(ada);
    expect(userAfterPatch(ada, [op('remove', ENTERPRISE_USER_SCHEMA)])).toEqual(ada);
  });
});
