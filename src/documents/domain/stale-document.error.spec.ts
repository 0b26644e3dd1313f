import { checkNotStale, StaleDocumentError } from './stale-document.error';

const updatedAt = new Date('2026-11-27T10:00:00.000Z');

describe('checkNotStale', () => {
  it('lets a change through when the form was made from the document as it is, or names no time', () => {
    expect(() => checkNotStale(updatedAt, new Date(updatedAt.getTime()))).not.toThrow();
    expect(() => checkNotStale(updatedAt, undefined)).not.toThrow();
  });

  it('refuses a form made before the last change, or after it, as a conflict', () => {
    for (const expected of [new Date(updatedAt.getTime() - 1), new Date(updatedAt.getTime() + 1)]) {
      expect(() => checkNotStale(updatedAt, expected)).toThrow(StaleDocumentError);
    }
    const error = new StaleDocumentError();
    expect(error.code).toBe('conflict');
    expect(error.message).toBe('The document changed since this form was shown: reload the page and try again.');
  });
});
