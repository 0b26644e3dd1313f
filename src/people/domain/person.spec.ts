import { fieldErrorsOf } from '../../../test/support/field-errors';
import { aNewPerson, aPerson, TEST_NOW } from '../../../test/support/builders';
import { itArchivesOnceAndRestores, itUpdatesOnlyWhatChanges } from '../../../test/support/entity-changes';
import { PERSON_EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from './person';

describe('Person', () => {
  it('assembles its name from first and last name, or the last name alone', () => {
    expect(aNewPerson({ firstName: 'Ada' }).name).toBe('Ada Lovelace');
    expect(aNewPerson().name).toBe('Lovelace');
  });

  it('trims, turns an empty first name into none and keeps the phone in E.164', () => {
    const person = aNewPerson({
      firstName: '  ',
      lastName: ' Lovelace ',
      email: ' ada@example.test ',
      phone: '+1 415 555 2671',
    });
    expect(person).toMatchObject({
      firstName: null,
      lastName: 'Lovelace',
      email: 'ada@example.test',
      phone: '+14155552671',
    });
  });

  it('starts active, with a lowercase ULID and the given source', () => {
    const person = aNewPerson({ source: 'system' });
    expect(person.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    expect(person).toMatchObject({
      source: 'system',
      sourceId: null,
      archivedAt: null,
      createdAt: TEST_NOW,
      updatedAt: TEST_NOW,
    });
    expect(person.isArchived).toBe(false);
  });

  it('refuses what the API would refuse, for callers outside HTTP', () => {
    expect(fieldErrorsOf(() => aNewPerson({ lastName: ' ', email: '', phone: '555' }))).toEqual({
      last_name: ['The last name field is required.'],
      email: ['The email field is required.'],
      phone: ['The phone field must be a valid phone number.'],
    });
    expect(fieldErrorsOf(() => aNewPerson({ firstName: 'f'.repeat(256), lastName: 'l'.repeat(256) }))).toEqual({
      first_name: ['The first name field must not be greater than 255 characters.'],
      last_name: ['The last name field must not be greater than 255 characters.'],
    });
  });
});

const later = new Date('2026-11-23T10:00:00.000Z');

describe('Person limits, from both sides', () => {
  it('takes names and an email of 255 characters (counted as characters)', () => {
    const email = `${'é'.repeat(PERSON_EMAIL_MAX_LENGTH - '@example.test'.length)}@example.test`;
    const person = aNewPerson({
      firstName: '😀'.repeat(PERSON_NAME_MAX_LENGTH),
      lastName: 'ł'.repeat(PERSON_NAME_MAX_LENGTH),
      email,
    });
    expect(person).toMatchObject({ firstName: '😀'.repeat(255), lastName: 'ł'.repeat(255), email });
  });

  it('refuses an email of 256 characters, and an empty one, naming the field', () => {
    expect(fieldErrorsOf(() => aNewPerson({ email: `${'a'.repeat(243)}@example.test` }))).toEqual({
      email: ['The email field must not be greater than 255 characters.'],
    });
    expect(fieldErrorsOf(() => aNewPerson({ email: '  ' }))).toEqual({ email: ['The email field is required.'] });
  });

  it('refuses an over-long first name alone', () => {
    expect(fieldErrorsOf(() => aNewPerson({ firstName: 'f'.repeat(256) }))).toEqual({
      first_name: ['The first name field must not be greater than 255 characters.'],
    });
  });

  it('takes no phone, an empty phone or a blank one as none', () => {
    expect(aNewPerson({ phone: null }).phone).toBeNull();
    expect(aNewPerson({ phone: '' }).phone).toBeNull();
    expect(aNewPerson({ phone: '   ' }).phone).toBeNull();
    expect(aNewPerson({ firstName: null }).firstName).toBeNull();
  });

  it('keeps its source and source id', () => {
    expect(aNewPerson({ source: 'partner_center', sourceId: 'crm-42' })).toMatchObject({
      source: 'partner_center',
      sourceId: 'crm-42',
    });
    expect(Object.isFrozen(aNewPerson().toSnapshot())).toBe(true);
  });
});

describe('Person.update', () => {
  itUpdatesOnlyWhatChanges(() => aPerson({ phone: '+14155552671' }), {
    unchanged: [
      {},
      { firstName: ' Ada ', lastName: 'Lovelace ', email: ' ada@example.test', phone: '+1 415 555 2671' },
    ],
    each: [
      [{ firstName: 'Augusta' }, { firstName: 'Augusta' }],
      [{ firstName: null }, { firstName: null }],
      [{ firstName: '' }, { firstName: null }],
      [{ lastName: 'King' }, { lastName: 'King' }],
      [{ email: 'ada@example.org' }, { email: 'ada@example.org' }],
      [{ phone: '+44 20 7946 0958' }, { phone: '+442079460958' }],
      [{ phone: null }, { phone: null }],
      [{ phone: '' }, { phone: null }],
      [{ locale: 'pt-br' }, { locale: 'pt-BR' }],
    ],
  });

  it('applies the rules of create and changes nothing when they refuse', () => {
    const person = aPerson();
    expect(fieldErrorsOf(() => person.update({ email: '', phone: '555' }, later))).toEqual({
      email: ['The email field is required.'],
      phone: ['The phone field must be a valid phone number.'],
    });
    expect(person.toSnapshot()).toEqual(aPerson().toSnapshot());
  });
});

describe('Person locale', () => {
  it('has none by default (the organization decides), and keeps a given one canonical', () => {
    expect(aNewPerson().locale).toBeNull();
    expect(aNewPerson({ locale: '' }).locale).toBeNull();
    expect(aNewPerson({ locale: ' \t ' }).locale).toBeNull();
    expect(aNewPerson({ locale: ' nl ' }).locale).toBe('nl');
    expect(aNewPerson({ locale: 'fr-ca' }).locale).toBe('fr-CA');
  });

  it('refuses a language it does not speak, listing those it does', () => {
    expect(fieldErrorsOf(() => aNewPerson({ locale: 'ja' }))).toEqual({
      locale: [
        'The locale field must be one of the supported languages: en, fr, de, es, it, nl, pt ' +
          '(a BCP 47 tag, optionally with a region such as pt-BR).',
      ],
    });
  });

  it('is cleared back to the organization default with null or an empty string, and kept when absent', () => {
    const person = aPerson({ locale: 'de' });
    expect(person.update({ lastName: 'King' }, later)).toBe(true);
    expect(person.locale).toBe('de');
    expect(person.update({ locale: 'DE' }, later)).toBe(false);
    expect(person.update({ locale: null }, later)).toBe(true);
    expect(person.locale).toBeNull();
    person.update({ locale: 'it' }, later);
    person.update({ locale: '' }, later);
    expect(person.locale).toBeNull();
  });
});

describe('Person archiving', () => {
  itArchivesOnceAndRestores(aPerson);
});

describe('Person directory names (SCIM externalId and userName)', () => {
  it('are trimmed, empty is none, and kept at 255 characters', () => {
    expect(aNewPerson({ externalId: ' 00u1 ', userName: ' ada@example.test ' })).toMatchObject({
      externalId: '00u1',
      userName: 'ada@example.test',
    });
    expect(aNewPerson({ externalId: '  ', userName: '' })).toMatchObject({ externalId: null, userName: null });
    expect(aNewPerson()).toMatchObject({ externalId: null, userName: null });
    expect(aNewPerson({ externalId: 'é'.repeat(255), userName: '😀'.repeat(255) })).toMatchObject({
      externalId: 'é'.repeat(255),
      userName: '😀'.repeat(255),
    });
  });

  it('refuses 256 characters, naming each field in the contract’s words', () => {
    expect(fieldErrorsOf(() => aNewPerson({ externalId: 'x'.repeat(256), userName: 'u'.repeat(256) }))).toEqual({
      external_id: ['The external id field must not be greater than 255 characters.'],
      user_name: ['The user name field must not be greater than 255 characters.'],
    });
  });

  it('are changed or cleared by update, and kept when absent', () => {
    const person = aPerson();
    expect(person.update({ externalId: 'okta-1', userName: 'ada' }, later)).toBe(true);
    expect(person).toMatchObject({ externalId: 'okta-1', userName: 'ada' });
    expect(person.update({ lastName: 'King' }, later)).toBe(true);
    expect(person).toMatchObject({ externalId: 'okta-1', userName: 'ada' });
    expect(person.update({ externalId: null }, later)).toBe(true);
    expect(person).toMatchObject({ externalId: null, userName: 'ada' });
    expect(person.update({ userName: null }, later)).toBe(true);
    expect(person.userName).toBeNull();
  });

  it('keep the organization and the source through an update', () => {
    const person = aPerson({ source: 'partner_center', sourceId: 'crm-1' });
    const before = person.toSnapshot();
    person.update({ lastName: 'King' }, later);
    expect(person.toSnapshot()).toEqual({ ...before, lastName: 'King', updatedAt: later });
  });
});
