import {
  IllegalTransitionError,
  InvalidRequestError,
  NotFoundError,
  summariseFieldErrors,
  ValidationFailedError,
} from './domain-error';

describe('domain errors', () => {
  it('carry their stable codes and messages', () => {
    expect(new NotFoundError()).toMatchObject({ code: 'not_found', message: 'Not found.' });
    expect(new NotFoundError('No such person.').message).toBe('No such person.');
    expect(new InvalidRequestError('bad')).toMatchObject({ code: 'invalid_request', message: 'bad' });
    expect(new IllegalTransitionError('no')).toMatchObject({ code: 'illegal_transition', message: 'no' });
    expect(ValidationFailedError.single('name', 'The name field is required.')).toMatchObject({
      code: 'validation_failed',
      errors: { name: ['The name field is required.'] },
      message: 'The name field is required.',
    });
  });
});

describe('summariseFieldErrors', () => {
  it("reads as Laravel's summary: the first message and how many more", () => {
    expect(summariseFieldErrors({})).toBe('The given data was invalid.');
    expect(summariseFieldErrors({ a: [] })).toBe('The given data was invalid.');
    expect(summariseFieldErrors({ a: ['First.'] })).toBe('First.');
    expect(summariseFieldErrors({ a: ['First.', 'Second.'] })).toBe('First. (and 1 more error)');
    expect(summariseFieldErrors({ a: ['First.'], b: ['Second.', 'Third.'] })).toBe('First. (and 2 more errors)');
  });
});
