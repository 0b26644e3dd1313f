import type { Request } from 'express';
import { noticeParam } from './console-query';

const withQuery = (query: Record<string, unknown>) => ({ query }) as unknown as Request;
const NOTICES = { saved: 'The changes were saved.' };

describe('noticeParam', () => {
  it("gives the page's words for the notice a redirect asked for", () => {
    expect(noticeParam(withQuery({ done: 'saved' }), NOTICES)).toBe('The changes were saved.');
    expect(noticeParam(withQuery({ done: 'added-2-of-3' }), (done) => `read ${done}`)).toBe('read added-2-of-3');
  });

  it('gives none without ?done=, for another value, or for a repeated one', () => {
    expect(noticeParam(withQuery({}), NOTICES)).toBeUndefined();
    expect(noticeParam(withQuery({ done: 'archived' }), NOTICES)).toBeUndefined();
    expect(noticeParam(withQuery({ done: ['saved', 'saved'] }), NOTICES)).toBeUndefined();
    expect(noticeParam(withQuery({ done: ['saved'] }), () => 'never asked')).toBeUndefined();
  });

  it('gives none for a name every object has, such as constructor or toString', () => {
    for (const done of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(noticeParam(withQuery({ done }), NOTICES)).toBeUndefined();
    }
  });
});
