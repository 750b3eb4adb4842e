import { useState } from 'react';
import type { Paging } from './ListPagination';

/**
 * The page and page size of a server-paged list, at first the first of `pageSizes`. A new page
 * size starts again at the first page, and so does another `of` (the search or filter the pages are of).
 */
export function usePaging(pageSizes: readonly number[], of = '') {
  const [state, setState] = useState({ page: 0, pageSize: pageSizes[0], of });
  if (state.of !== of) setState({ ...state, page: 0, of });
  const { page, pageSize } = state;
  const setPage = (next: number) => setState((current) => ({ ...current, page: next }));
  const setPageSize = (size: number) => setState((current) => ({ ...current, pageSize: size, page: 0 }));
  /** The pager of these pages, for a list of `total` rows. */
  const pagingOf = (total: number): Paging => ({ total, page, pageSize, pageSizes, onPage: setPage, onPageSize: setPageSize });
  return { page, pageSize, setPage, setPageSize, params: { limit: pageSize, offset: page * pageSize }, pagingOf };
}
