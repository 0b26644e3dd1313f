import fc from 'fast-check';
import { ScimError } from './scim-error';
import {
  ENTERPRISE_USER_SCHEMA,
  ERROR_SCHEMA,
  groupAttribute,
  GROUP_SCHEMA,
  isMappedUserAttribute,
  LIST_RESPONSE_SCHEMA,
  MAPPED_GROUP_ATTRIBUTES,
  MAPPED_USER_ATTRIBUTES,
  USER_SCHEMA,
  userAttribute,
  withoutSchemaPrefix,
} from './scim-schemas';

/** A name with its letters' case changed at random: attribute names are case-insensitive (RFC 7643 §2.1). */
const anyCaseOf = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

describe('the schemas’ URNs', () => {
  it('are the ones RFC 7643 and RFC 7644 name', () => {
    expect(USER_SCHEMA).toBe('urn:ietf:params:scim:schemas:core:2.0:User');
    expect(GROUP_SCHEMA).toBe('urn:ietf:params:scim:schemas:core:2.0:Group');
    expect(ENTERPRISE_USER_SCHEMA).toBe('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User');
    expect(LIST_RESPONSE_SCHEMA).toBe('urn:ietf:params:scim:api:messages:2.0:ListResponse');
    expect(ERROR_SCHEMA).toBe('urn:ietf:params:scim:api:messages:2.0:Error');
  });
});

describe('userAttribute', () => {
  it('spells every mapped attribute as the schema does, whatever the case it was sent in', () => {
    for (const name of MAPPED_USER_ATTRIBUTES) {
      fc.assert(fc.property(anyCaseOf(name), (sent) => userAttribute(sent) === name));
    }
  });

  it('knows the attributes identity providers send by default, which the mapping ignores', () => {
    for (const name of ['schemas', 'nickName', 'profileUrl', 'title', 'userType', 'locale', 'timezone']) {
      expect(userAttribute(name.toUpperCase())).toBe(name);
      expect(isMappedUserAttribute(name)).toBe(false);
    }
    for (const name of ['password', 'ims', 'photos', 'addresses', 'groups', 'entitlements', 'roles']) {
      expect(userAttribute(name)).toBe(name);
      expect(isMappedUserAttribute(name)).toBe(false);
    }
    expect(userAttribute('X509CERTIFICATES')).toBe('x509Certificates');
    expect(userAttribute(ENTERPRISE_USER_SCHEMA.toLowerCase())).toBe(ENTERPRISE_USER_SCHEMA);
  });

  it('answers null for an attribute no User schema has, or a Group’s own', () => {
    expect(userAttribute('shoeSize')).toBeNull();
    expect(userAttribute('members')).toBeNull();
    expect(userAttribute('')).toBeNull();
    expect(userAttribute('userName ')).toBeNull();
  });
});

describe('isMappedUserAttribute', () => {
  it('holds for exactly the mapped attributes, spelt as the schema spells them', () => {
    // In the order /Schemas lists them.
    expect(MAPPED_USER_ATTRIBUTES.join(' ')).toBe(
      'id externalId userName name displayName emails phoneNumbers preferredLanguage active meta',
    );
    for (const name of MAPPED_USER_ATTRIBUTES) expect(isMappedUserAttribute(name)).toBe(true);
    expect(isMappedUserAttribute('username')).toBe(false);
    expect(isMappedUserAttribute('title')).toBe(false);
  });
});

describe('groupAttribute', () => {
  it('spells the mapped attributes and `schemas` as the schema does, whatever the case', () => {
    expect(MAPPED_GROUP_ATTRIBUTES).toEqual(['id', 'externalId', 'displayName', 'members', 'meta']);
    for (const name of [...MAPPED_GROUP_ATTRIBUTES, 'schemas']) {
      fc.assert(fc.property(anyCaseOf(name), (sent) => groupAttribute(sent) === name));
    }
  });

  it('answers null for a User’s attribute or an unknown one', () => {
    expect(groupAttribute('userName')).toBeNull();
    expect(groupAttribute('owners')).toBeNull();
  });
});

describe('withoutSchemaPrefix', () => {
  it('drops the schema URN and its colon, in any case', () => {
    expect(withoutSchemaPrefix(`${USER_SCHEMA}:name.givenName`, USER_SCHEMA)).toBe('name.givenName');
    expect(withoutSchemaPrefix(`${USER_SCHEMA.toUpperCase()}:userName`, USER_SCHEMA)).toBe('userName');
  });

  it('leaves a path without the prefix, or with another schema’s, as it is', () => {
    expect(withoutSchemaPrefix('name.givenName', USER_SCHEMA)).toBe('name.givenName');
    expect(withoutSchemaPrefix(`${GROUP_SCHEMA}:members`, USER_SCHEMA)).toBe(`${GROUP_SCHEMA}:members`);
    // The URN alone, without the colon that separates an attribute, is not a prefix.
    expect(withoutSchemaPrefix(`${USER_SCHEMA}name`, USER_SCHEMA)).toBe(`${USER_SCHEMA}name`);
    expect(withoutSchemaPrefix(USER_SCHEMA, USER_SCHEMA)).toBe(USER_SCHEMA);
  });

  it('gives back, for every attribute path, the path itself once prefixed', () => {
    const attributePath = fc.stringMatching(/^[A-Za-z][\w.]{0,20}$/);
    fc.assert(
      fc.property(attributePath, (path) => withoutSchemaPrefix(`${USER_SCHEMA}:${path}`, USER_SCHEMA) === path),
    );
  });
});

describe('ScimError', () => {
  it('is a 400 with its scimType for a bad request, a 404 without one for a missing resource', () => {
    const bad = ScimError.badRequest('invalidPath', 'No such path.');
    expect(bad).toBeInstanceOf(Error);
    expect([bad.status, bad.scimType, bad.message]).toEqual([400, 'invalidPath', 'No such path.']);
    const missing = ScimError.notFound();
    expect([missing.status, missing.scimType, missing.message]).toEqual([404, null, 'Resource not found.']);
    expect(ScimError.notFound('User 1 not found.').message).toBe('User 1 not found.');
  });
});
