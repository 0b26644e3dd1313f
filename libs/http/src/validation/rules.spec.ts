import { unsupportedLocaleMessage } from '@lib/core';
import { displayName, isPresent, LOCALE_INPUT_MAX_LENGTH, messages, rules } from './rules';
import { trimmed, trimmedOrNull } from './input-transforms';

describe('validation rules, from both sides of each limit', () => {
  it('string: text without U+0000', () => {
    expect(rules.string.test('é')).toBe(true);
    expect(rules.string.test('')).toBe(true);
    expect(rules.string.test('a\u0000b')).toBe(false);
    expect(rules.string.test(1)).toBe(false);
    expect(rules.string.message('name')).toBe('The name field must be a string.');
  });

  it('maxLength: counts characters, and leaves other types to their own rule', () => {
    const rule = rules.maxLength(3);
    expect(rule.test('😀😀😀')).toBe(true);
    expect(rule.test('abcd')).toBe(false);
    expect(rule.test(12345)).toBe(true);
    expect(rule.message('name')).toBe('The name field must not be greater than 3 characters.');
  });

  it('email: an address with a dotted domain', () => {
    for (const email of ['ada@example.test', 'A.B+c@sub.example.co', "o'brien@example.ie", 'a@b.co']) {
      expect(rules.email.test(email)).toBe(true);
    }
    for (const value of [
      'ada@example',
      'ada@',
      '@example.test',
      'ada example@x.test',
      'ada@-x.test',
      'ada@x-.test',
      'x@example.test ',
      1,
    ]) {
      expect(rules.email.test(value)).toBe(false);
    }
    expect(rules.email.test(`a@${'b'.repeat(63)}.test`)).toBe(true);
    expect(rules.email.test(`a@${'b'.repeat(64)}.test`)).toBe(false);
    expect(rules.email.message('email')).toBe('The email field must be a valid email address.');
  });

  it('boolean and integer: the JSON types, a safe integer only', () => {
    expect([true, false].every(rules.boolean.test)).toBe(true);
    expect(['true', 1, null].some(rules.boolean.test)).toBe(false);
    expect(rules.boolean.message('auto_renew')).toBe('The auto_renew field must be true or false.');
    expect([0, -3, Number.MAX_SAFE_INTEGER].every(rules.integer.test)).toBe(true);
    expect([1.5, 2 ** 53, '1', Number.NaN].some(rules.integer.test)).toBe(false);
    expect(rules.integer.message('page')).toBe('The page field must be an integer.');
  });

  it('min and max: inclusive bounds, other types left to their own rule', () => {
    expect(rules.min(1).test(1)).toBe(true);
    expect(rules.min(1).test(0)).toBe(false);
    expect(rules.min(1).test('0')).toBe(true);
    expect(rules.min(1).message('page')).toBe('The page field must be at least 1.');
    expect(rules.max(100).test(100)).toBe(true);
    expect(rules.max(100).test(101)).toBe(false);
    expect(rules.max(100).test('101')).toBe(true);
    expect(rules.max(100).message('per page')).toBe('The per page field must not be greater than 100.');
  });

  it('oneOf, ulid and array', () => {
    expect(rules.oneOf(['a', 'b']).test('b')).toBe(true);
    expect(rules.oneOf(['a', 'b']).test('c')).toBe(false);
    expect(rules.oneOf(['1']).test(1)).toBe(false);
    expect(rules.oneOf(['a']).message('status')).toBe('The selected status is invalid.');
    expect(rules.ulid.test('01JD0000000000000000000001')).toBe(true);
    expect(rules.ulid.test('not-a-ulid')).toBe(false);
    expect(rules.ulid.message('id')).toBe('The id field must be a valid ULID.');
    expect(rules.array.test([])).toBe(true);
    expect(rules.array.test({ length: 0 })).toBe(false);
    expect(rules.array.message('ids')).toBe('The ids field must be an array.');
  });

  it('locale: a supported language, a region may follow, in at most LOCALE_INPUT_MAX_LENGTH characters', () => {
    for (const tag of ['en', 'pt-BR', ` ${'  '.repeat(16)}de`]) expect(rules.locale.test(tag)).toBe(true);
    expect(` ${'  '.repeat(16)}de`).toHaveLength(LOCALE_INPUT_MAX_LENGTH);
    for (const value of [`  ${'  '.repeat(16)}de`, 'xx', 'en-u-ca-gregory', '', 12, null, new String('en')]) {
      expect(rules.locale.test(value)).toBe(false);
    }
    expect(rules.locale.message('locale')).toBe(unsupportedLocaleMessage('locale'));
  });

  it('minItems and maxItems: inclusive bounds, in the singular for one item', () => {
    expect(rules.minItems(1).test(['a'])).toBe(true);
    expect(rules.minItems(1).test([])).toBe(false);
    expect(rules.minItems(1).test('')).toBe(true);
    expect(rules.minItems(1).message('ids')).toBe('The ids field must have at least 1 item.');
    expect(rules.minItems(2).message('ids')).toBe('The ids field must have at least 2 items.');
    expect(rules.maxItems(2).test(['a', 'b'])).toBe(true);
    expect(rules.maxItems(2).test(['a', 'b', 'c'])).toBe(false);
    expect(rules.maxItems(2).test('abc')).toBe(true);
    expect(rules.maxItems(2).message('ids')).toBe('The ids field must not have more than 2 items.');
  });

  it("speaks Laravel's other messages and field names", () => {
    expect(messages.required('name')).toBe('The name field is required.');
    expect(messages.distinct('ids')).toBe('The ids field has a duplicate value.');
    expect(messages.taken('email')).toBe('The email has already been taken.');
    expect(messages.invalidSelection('group')).toBe('The selected group is invalid.');
    expect(displayName('person_ids.3_x')).toBe('person ids.3 x');
  });

  it("counts as missing what Laravel's required does", () => {
    for (const value of [undefined, null, '', '  ', []]) expect(isPresent(value)).toBe(false);
    for (const value of [0, false, ' a ', ['x'], {}]) expect(isPresent(value)).toBe(true);
  });
});

describe('input transforms', () => {
  it('trim strings, turn an empty one into null where asked, and pass other types through', () => {
    expect(trimmed({ value: '  a b ' })).toBe('a b');
    expect(trimmed({ value: 3 })).toBe(3);
    expect(trimmedOrNull({ value: '  ' })).toBeNull();
    expect(trimmedOrNull({ value: ' a ' })).toBe('a');
    const list = [' a '];
    expect(trimmedOrNull({ value: list })).toBe(list);
  });
});
