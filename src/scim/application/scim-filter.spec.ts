import { ScimError } from '../domain/scim-error';
import { groupCriteria, parseFilter, userCriteria } from './scim-filter';

const user = (filter: string) => userCriteria(parseFilter(filter));
const group = (filter: string) => groupCriteria(parseFilter(filter));

function scimTypeOf(run: () => unknown): string | null {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return error.scimType;
    throw error;
  }
  throw new Error('no error thrown');
}

describe('SCIM filters as criteria', () => {
  it('reads the equalities Okta and Entra send', () => {
    expect(user('userName eq "ada@example.com"')).toEqual({ userName: 'ada@example.com' });
    expect(user('externalId eq "00u1"')).toEqual({ externalId: '00u1' });
    expect(user('emails[type eq "work"].value eq "a@b.c"')).toEqual({ email: 'a@b.c' });
    expect(user('emails[type eq "work" and value eq "a@b.c"]')).toEqual({ email: 'a@b.c' });
    expect(user('emails.value eq "a@b.c"')).toEqual({ email: 'a@b.c' });
    expect(user('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "x" and id eq "y"')).toEqual({
      userName: 'x',
      id: 'y',
    });
    expect(group('id eq "g" and members eq "u"')).toEqual({ id: 'g', memberId: 'u' });
    expect(group('displayName eq "Sales"')).toEqual({ displayName: 'Sales' });
    expect(group('members.value eq "u"')).toEqual({ memberId: 'u' });
  });

  it('keeps quotes and SQL in a value as data', () => {
    expect(user('userName eq "x\\" OR 1=1 --"')).toEqual({ userName: 'x" OR 1=1 --' });
  });

  it('matches nobody when one attribute is asked two different values', () => {
    expect(user('userName eq "a" and userName eq "b"')).toMatchObject({ impossible: true });
    expect(user('userName eq "a" and userName eq "A"')).toEqual({ userName: 'A' });
  });

  it('refuses other operators, or, not, unknown attributes and what is not a filter', () => {
    for (const filter of [
      'userName sw "a"',
      'userName co "a"',
      'userName pr',
      'userName eq "a" or userName eq "b"',
      'not (userName eq "a")',
      'title eq "x"',
      'active eq true',
      'userName eq',
      '"; DROP TABLE people; --',
      'x'.repeat(1001),
    ]) {
      expect(scimTypeOf(() => user(filter))).toBe('invalidFilter');
    }
    expect(scimTypeOf(() => group('members[display eq "x"]'))).toBe('invalidFilter');
  });
});
