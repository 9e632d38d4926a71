/** The page after `page` of a paged list (page numbers start at 1), or undefined on the last one. */
export function nextPageIndex(page: {
  Total: number;
  PageIndex: number;
  PageSize: number;
}): number | undefined {
  return page.PageIndex * page.PageSize < page.Total ? page.PageIndex + 1 : undefined;
}
