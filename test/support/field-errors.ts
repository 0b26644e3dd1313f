import { ValidationFailedError } from '@lib/core';

/** The field errors `work` was refused with; fails the test when it was not refused with a ValidationFailedError. */
export function fieldErrorsOf(work: () => unknown): Record<string, string[]> {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationFailedError) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationFailedError');
}
