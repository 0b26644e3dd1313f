import { fetchPage } from './fetch-page';
import { PageRequest } from '@lib/http';

describe('fetchPage', () => {
  it('reads the rows of a page that starts before the end', async () => {
    const rows = jest.fn(async (offset: number, limit: number) => [offset, limit]);
    expect(await fetchPage(new PageRequest(3, 10), async () => 25, rows)).toEqual({ items: [20, 10], total: 25 });
    expect(rows).toHaveBeenCalledWith(20, 10);
  });

  it('does not read rows for a page past the end', async () => {
    const rows = jest.fn(async () => ['never']);
    expect(await fetchPage(new PageRequest(4, 10), async () => 30, rows)).toEqual({ items: [], total: 30 });
    expect(await fetchPage(new PageRequest(1, 25), async () => 0, rows)).toEqual({ items: [], total: 0 });
    expect(rows).not.toHaveBeenCalled();
  });
});
