import { describe, expect, it } from 'vitest';
import { nextPageIndex } from './paging';

describe('paged lists', () => {
  it('asks for the next page while items remain', () => {
    expect(nextPageIndex({ Total: 21, PageIndex: 2, PageSize: 10 })).toBe(3);
  });
  it('stops on the last page', () => {
    expect(nextPageIndex({ Total: 20, PageIndex: 2, PageSize: 10 })).toBeUndefined();
    expect(nextPageIndex({ Total: 0, PageIndex: 1, PageSize: 10 })).toBeUndefined();
  });
});
