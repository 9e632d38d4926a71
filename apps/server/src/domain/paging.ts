import type { Paged, PageQuery } from '@portal/contracts';

/** Which rows a page is: PageIndex counts from 1. */
export function pageWindow(page: PageQuery): { limit: number; offset: number } {
  return { limit: page.PageSize, offset: (page.PageIndex - 1) * page.PageSize };
}

/**
 * One page of a list as the contract answers it (Items, Total, PageIndex, PageSize): the page's
 * rows (the query applies `limit`/`offset` after its own order) and the count of all, together.
 */
export async function pageOf<Row, Item>(
  page: PageQuery,
  query: {
    rows(window: { limit: number; offset: number }): Promise<Row[]>;
    count(): Promise<{ n: number | string }[]>;
  },
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Paged<Item>> {
  const [rows, [total]] = await Promise.all([query.rows(pageWindow(page)), query.count()]);
  return {
    Items: await toItems(rows),
    Total: Number(total?.n ?? 0),
    PageIndex: page.PageIndex,
    PageSize: page.PageSize,
  };
}
