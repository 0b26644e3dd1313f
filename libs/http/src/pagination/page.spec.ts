import { PageRequest, toEnvelope } from './page';

const url = 'https://api.example/api/v1/people';

describe('toEnvelope', () => {
  it('builds links with filters and per_page, and 1-based from/to', () => {
    const envelope = toEnvelope(
      { items: [3, 4], total: 5 },
      new PageRequest(2, 2),
      url,
      { name: 'a b', email: undefined },
      (n) => n,
    );
    expect(envelope).toEqual({
      data: [3, 4],
      links: {
        first: `${url}?name=a+b&per_page=2&page=1`,
        last: `${url}?name=a+b&per_page=2&page=3`,
        prev: `${url}?name=a+b&per_page=2&page=1`,
        next: `${url}?name=a+b&per_page=2&page=3`,
      },
      meta: { current_page: 2, from: 3, last_page: 3, per_page: 2, to: 4, total: 5 },
    });
  });

  it('has last_page 1, null from/to and no prev/next when empty', () => {
    const envelope = toEnvelope({ items: [], total: 0 }, new PageRequest(1, 25), url, {}, (n) => n);
    expect(envelope.meta).toEqual({ current_page: 1, from: null, last_page: 1, per_page: 25, to: null, total: 0 });
    expect(envelope.links.prev).toBeNull();
    expect(envelope.links.next).toBeNull();
    expect(envelope.links.last).toBe(`${url}?per_page=25&page=1`);
  });

  it('points prev of a page past the end at the last page', () => {
    const envelope = toEnvelope({ items: [], total: 3 }, new PageRequest(9, 2), url, {}, (n) => n);
    expect(envelope.links.prev).toBe(`${url}?per_page=2&page=2`);
    expect(envelope.links.next).toBeNull();
    expect(envelope.meta.from).toBeNull();
  });
});
