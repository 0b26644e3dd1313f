import { DECORATORS } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { toFieldErrors } from '../validation/validation.pipe';
import { TextFilterField, toInteger, wantsArchived } from './page-query';

class Filtered {
  @TextFilterField(5, 'Part of the name.')
  name?: string | null;
}

async function filterOf(input: object) {
  const query = plainToInstance(Filtered, input);
  return { query, errors: toFieldErrors(await validate(query, { stopAtFirstError: true })) };
}

describe('toInteger (query strings)', () => {
  it('reads whole numbers as the contract writes them, and caps the ones too large to count', () => {
    expect(toInteger({ value: '0' })).toBe(0);
    expect(toInteger({ value: '25' })).toBe(25);
    expect(toInteger({ value: '9007199254740991' })).toBe(Number.MAX_SAFE_INTEGER);
    expect(toInteger({ value: '9007199254740993' })).toBe(Number.MAX_SAFE_INTEGER);
    expect(toInteger({ value: '1'.repeat(400) })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('leaves anything else as it is, for the integer rule to refuse', () => {
    for (const value of ['', '01', '-1', '+1', ' 1', '1 ', '1.0', '1e3', '0x1', 'a1', '1a']) {
      expect(toInteger({ value })).toBe(value);
    }
    expect(toInteger({ value: 7 })).toBe(7);
  });
});

describe('wantsArchived', () => {
  it('is true for true and 1 only', () => {
    expect(wantsArchived({ archived: 'true' })).toBe(true);
    expect(wantsArchived({ archived: '1' })).toBe(true);
    for (const archived of ['false', '0', undefined, 'TRUE']) expect(wantsArchived({ archived })).toBe(false);
  });
});

describe('TextFilterField', () => {
  it('trims the filter, takes a blank one as none, and bounds its length', async () => {
    expect(await filterOf({ name: ' ann ' })).toEqual({
      query: Object.assign(new Filtered(), { name: 'ann' }),
      errors: {},
    });
    expect(await filterOf({ name: '   ' })).toEqual({
      query: Object.assign(new Filtered(), { name: null }),
      errors: {},
    });
    expect((await filterOf({ name: 'abcde' })).errors).toEqual({});
    expect((await filterOf({ name: 'abcdef' })).errors).toEqual({
      name: ['The name field must not be greater than 5 characters.'],
    });
    expect((await filterOf({ name: 5 })).errors).toEqual({ name: ['The name field must be a string.'] });
  });

  it('documents an optional text parameter with its maximum length', () => {
    expect(Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, Filtered.prototype, 'name')).toMatchObject({
      type: String,
      maxLength: 5,
      description: 'Part of the name.',
      required: false,
    });
  });
});
