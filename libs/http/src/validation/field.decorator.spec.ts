import { plainToInstance, Transform } from 'class-transformer';
import { validate } from 'class-validator';
import { summariseFieldErrors } from '@lib/core';
import { toInteger } from '../pagination/page-query';
import { Field } from './field.decorator';
import { rules } from './rules';
import { toFieldErrors } from './validation.pipe';

class Sample {
  @Field({ required: true }, rules.string, rules.maxLength(5))
  last_name!: string;

  @Field({ nullable: true }, rules.string, rules.email)
  email?: string | null;

  @Transform(toInteger)
  @Field({}, rules.integer, rules.min(1), rules.max(100))
  per_page?: number;
}

async function errorsOf(input: object) {
  return toFieldErrors(await validate(plainToInstance(Sample, input), { stopAtFirstError: true }));
}

describe('Field: Laravel-worded rules, first failure only', () => {
  it('reports required for missing, null, blank', async () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(await errorsOf({ last_name: value })).toEqual({ last_name: ['The last name field is required.'] });
    }
  });

  it('reports the type before the length', async () => {
    expect(await errorsOf({ last_name: 12 })).toEqual({ last_name: ['The last name field must be a string.'] });
    expect(await errorsOf({ last_name: 'abcdef' })).toEqual({
      last_name: ['The last name field must not be greater than 5 characters.'],
    });
    expect(await errorsOf({ last_name: 'abcde' })).toEqual({});
  });

  it('counts characters, not UTF-16 units', async () => {
    expect(await errorsOf({ last_name: '😀😀😀😀😀' })).toEqual({});
  });

  it('refuses a string holding U+0000, which PostgreSQL cannot store', async () => {
    expect(await errorsOf({ last_name: 'a\u0000b' })).toEqual({ last_name: ['The last name field must be a string.'] });
    expect(await errorsOf({ last_name: 'a\u0001b' })).toEqual({});
  });

  it('skips optional fields that are absent or null when nullable', async () => {
    expect(await errorsOf({ last_name: 'x', email: null })).toEqual({});
    expect(await errorsOf({ last_name: 'x', email: 'nope' })).toEqual({
      email: ['The email field must be a valid email address.'],
    });
  });

  it('applies the rules to null where the field is not nullable, and to blank where it is', async () => {
    expect(await errorsOf({ last_name: 'x', per_page: null })).toEqual({
      per_page: ['The per page field must be an integer.'],
    });
    for (const email of ['', '  ']) {
      expect(await errorsOf({ last_name: 'x', email })).toEqual({
        email: ['The email field must be a valid email address.'],
      });
    }
  });

  it('parses query integers and bounds them', async () => {
    expect(await errorsOf({ last_name: 'x', per_page: 'abc' })).toEqual({
      per_page: ['The per page field must be an integer.'],
    });
    expect(await errorsOf({ last_name: 'x', per_page: '1.5' })).toEqual({
      per_page: ['The per page field must be an integer.'],
    });
    expect(await errorsOf({ last_name: 'x', per_page: '0' })).toEqual({
      per_page: ['The per page field must be at least 1.'],
    });
    expect(await errorsOf({ last_name: 'x', per_page: '101' })).toEqual({
      per_page: ['The per page field must not be greater than 100.'],
    });
    expect(await errorsOf({ last_name: 'x', per_page: '100' })).toEqual({});
  });
});

describe("summariseFieldErrors: Laravel's message", () => {
  it('is the first message, then the count of the others', () => {
    expect(summariseFieldErrors({ a: ['First.'] })).toBe('First.');
    expect(summariseFieldErrors({ a: ['First.'], b: ['Second.'] })).toBe('First. (and 1 more error)');
    expect(summariseFieldErrors({ a: ['First.', 'x'], b: ['Second.'] })).toBe('First. (and 2 more errors)');
  });
});

class Listing {
  @Field({ present: true }, rules.array, rules.maxItems(2))
  ids!: unknown[];
}

describe('Field: present (a list that may be emptied)', () => {
  const errorsOfListing = async (input: object) =>
    toFieldErrors(await validate(plainToInstance(Listing, input), { stopAtFirstError: true }));

  it('takes an empty list, refuses a missing or null one, and still applies the rules', async () => {
    expect(await errorsOfListing({ ids: [] })).toEqual({});
    expect(await errorsOfListing({ ids: ['a', 'b'] })).toEqual({});
    expect(await errorsOfListing({})).toEqual({ ids: ['The ids field is required.'] });
    expect(await errorsOfListing({ ids: null })).toEqual({ ids: ['The ids field is required.'] });
    expect(await errorsOfListing({ ids: '' })).toEqual({ ids: ['The ids field must be an array.'] });
    expect(await errorsOfListing({ ids: [1, 2, 3] })).toEqual({
      ids: ['The ids field must not have more than 2 items.'],
    });
  });
});
