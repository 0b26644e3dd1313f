import { ValidationFailedError } from './errors/domain-error';
import { requiredText } from './required-text';

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailedError);
    return (error as ValidationFailedError).errors;
  }
  throw new Error('not refused');
}

describe('requiredText', () => {
  it('answers the text trimmed', () => {
    expect(requiredText('name', '  Safety policy ', 255)).toBe('Safety policy');
  });

  it('refuses an empty or blank text, naming the field in words', () => {
    expect(refusal(() => requiredText('last_name', '   ', 255))).toEqual({
      last_name: ['The last name field is required.'],
    });
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(requiredText('name', '😀'.repeat(3), 3)).toBe('😀😀😀');
    expect(refusal(() => requiredText('name', 'abcd', 3))).toEqual({
      name: ['The name field must not be greater than 3 characters.'],
    });
  });
});
