import { describe, expect, it } from 'vitest';
import { pageOf, pageWindow } from './paging.js';

describe('one paging helper for every paged list', () => {
  it('page N of size S skips (N-1)×S rows and takes S', () => {
    expect(pageWindow({ PageIndex: 1, PageSize: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ PageIndex: 3, PageSize: 20 })).toEqual({ limit: 20, offset: 40 });
  });

  it('answers the page’s items with the total of all rows (a count read as text too)', async () => {
    const rows = ['a', 'b', 'c', 'd', 'e'];
    const page = await pageOf(
      { PageIndex: 2, PageSize: 2 },
      {
        rows: async ({ limit, offset }) => rows.slice(offset, offset + limit),
        count: async () => [{ n: '5' }],
      },
      (page) => page.map((r) => r.toUpperCase()),
    );
    expect(page).toEqual({ Items: ['C', 'D'], Total: 5, PageIndex: 2, PageSize: 2 });
    const empty = await pageOf(
      { PageIndex: 1, PageSize: 10 },
      { rows: async () => [], count: async () => [] },
      (r) => r,
    );
    expect(empty.Total).toBe(0);
  });
});
