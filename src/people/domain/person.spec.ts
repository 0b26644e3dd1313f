import { ValidationFailedError } from '@lib/core';
import { Person } from './person';

const now = new Date('2026-11-22T10:15:30.123Z');
const create = (input: Partial<Parameters<typeof Person.create>[0]> = {}) =>
  Person.create({
    organizationId: '01arz3ndektsv4rrffq69g5fav',
    lastName: 'Lovelace',
    email: 'ada@example.test',
    source: 'oauth',
    now,
    ...input,
  });

function errorsOf(work: () => unknown): Record<string, string[]> {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationFailedError) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationFailedError');
}

describe('Person', () => {
  it('assembles its name from first and last name, or the last name alone', () => {
    expect(create({ firstName: 'Ada' }).name).toBe('Ada Lovelace');
    expect(create().name).toBe('Lovelace');
  });

  it('trims, turns an empty first name into none and keeps the phone in E.164', () => {
    const person = create({
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
    const person = create({ source: 'system' });
    expect(person.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    expect(person).toMatchObject({
      source: 'system',
      sourceId: null,
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    expect(person.isArchived).toBe(false);
  });

  it('refuses what the API would refuse, for callers outside HTTP', () => {
    expect(errorsOf(() => create({ lastName: ' ', email: '', phone: '555' }))).toEqual({
      last_name: ['The last name field is required.'],
      email: ['The email field is required.'],
      phone: ['The phone field must be a valid phone number.'],
    });
    expect(errorsOf(() => create({ firstName: 'f'.repeat(256), lastName: 'l'.repeat(256) }))).toEqual({
      first_name: ['The first name field must not be greater than 255 characters.'],
      last_name: ['The last name field must not be greater than 255 characters.'],
    });
  });

  it('keeps the first archiving date when archived twice', () => {
    const person = create();
    const later = new Date(now.getTime() + 1000);
    person.archive(later);
    person.archive(new Date(later.getTime() + 1000));
    expect(person.archivedAt).toEqual(later);
    expect(person.updatedAt).toEqual(later);
    expect(person.isArchived).toBe(true);
  });
});
