import {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  type UseInfiniteQueryResult,
  type InfiniteData,
} from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedList } from './paged-list';

interface Item {
  Id: number;
  Title: string;
}
interface Page {
  Items: Item[];
  Total: number;
}
const PAGE_SIZE = 10;
const TOTAL = 30;

function pageOf(index: number): Page {
  const items = Array.from({ length: PAGE_SIZE }, (_, i) => {
    const id = (index - 1) * PAGE_SIZE + i + 1;
    return { Id: id, Title: `项目 ${id}` };
  });
  return { Items: items, Total: TOTAL };
}

describe('mobile paged list', () => {
  it('draws only the page that arrived, not every card again', async () => {
    const drawn = vi.fn((item: Item) => <span>{item.Title}</span>);
    let query: UseInfiniteQueryResult<InfiniteData<Page>> | undefined;
    function List() {
      query = useInfiniteQuery({
        queryKey: ['paged-list-test'],
        queryFn: ({ pageParam }) => Promise.resolve(pageOf(pageParam)),
        initialPageParam: 1,
        getNextPageParam: (last, all) =>
          all.length * PAGE_SIZE < last.Total ? all.length + 1 : undefined,
      });
      return (
        <PagedList
          query={query}
          label="项目列表"
          itemKey={(item) => item.Id}
          renderItem={drawn}
          emptyTitle="暂无项目"
        />
      );
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <List />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('项目 10')).toBeTruthy();
    const afterFirst = drawn.mock.calls.length;
    expect(afterFirst).toBeGreaterThanOrEqual(PAGE_SIZE);

    await act(async () => {
      await query!.fetchNextPage();
    });
    expect(await screen.findByText('项目 20')).toBeTruthy();
    const page2Calls = drawn.mock.calls.slice(afterFirst).map(([item]) => item.Id);
    // Only page 2's items were drawn when page 2 arrived.
    expect(page2Calls.length).toBeGreaterThan(0);
    expect(page2Calls.every((id) => id > PAGE_SIZE)).toBe(true);

    const afterSecond = drawn.mock.calls.length;
    await act(async () => {
      await query!.fetchNextPage();
    });
    expect(await screen.findByText('项目 30')).toBeTruthy();
    expect(drawn.mock.calls.slice(afterSecond).every(([item]) => item.Id > 2 * PAGE_SIZE)).toBe(
      true,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(TOTAL);
    client.clear();
  });
});
