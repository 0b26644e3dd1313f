import { answerPage, PageRequest, toEnvelope } from './page';
import { DEFAULT_PER_PAGE } from './page-query';

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

describe('answerPage', () => {
  it('fetches the page the query asks for and answers it with links that keep the filters', async () => {
    const asked: PageRequest[] = [];
    const envelope = await answerPage(
      { page: 2, per_page: 2 },
      url,
      async (request) => {
        asked.push(request);
        return { items: [3, 4], total: 5 };
      },
      (n) => n * 10,
      { name: 'a' },
    );
    expect(asked).toEqual([new PageRequest(2, 2)]);
    expect(envelope.data).toEqual([30, 40]);
    expect(envelope.links.next).toBe(`${url}?name=a&per_page=2&page=3`);
  });

  it('asks for the first page of the default size, with no filter, when the query names neither', async () => {
    const asked: PageRequest[] = [];
    const envelope = await answerPage(
      {},
      url,
      async (request) => {
        asked.push(request);
        return { items: [], total: 0 };
      },
      (n: number) => n,
    );
    expect(asked).toEqual([new PageRequest(1, DEFAULT_PER_PAGE)]);
    expect(envelope.links.first).toBe(`${url}?per_page=${DEFAULT_PER_PAGE}&page=1`);
  });
});
