import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface Page<T> {
  Items: T[];
  Total: number;
}

/** What both layouts' paged lists take: the query, how each item is keyed and drawn, its states. */
export interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Label of the list for screen readers. */
  label: string;
  emptyTitle: string;
  emptyAction?: ReactNode;
  /** The list element's class where a layout draws lists in more than one way. */
  className?: string;
}
