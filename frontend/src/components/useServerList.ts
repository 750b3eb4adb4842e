import { useState } from 'react';
import { SortOrderParameter } from '../api/generated/model';
import type { ServerSorting } from './ServerGrid';
import { usePaging } from './usePaging';

/**
 * The page and order of a list the server pages and sorts: its own order (`initialSort`,
 * descending) until a header asks for another. Another order, page size or `of` (the search or
 * filter the pages are of) starts again at the first page.
 */
export function useServerList<S extends string>(initialSort: S, pageSizes: readonly number[], of = '') {
  const paging = usePaging(pageSizes, of);
  const [{ sort, order }, setOrder] = useState<{ sort: S; order: SortOrderParameter }>({ sort: initialSort, order: SortOrderParameter.desc });
  return {
    params: { ...paging.params, sort, order },
    pagingOf: paging.pagingOf,
    /** What a grid's headers show and ask for, given the column each sort is shown in. */
    sortingOf: (columns: Partial<Record<S, string>>): ServerSorting<S> => ({
      sort,
      order,
      columns,
      initial: initialSort,
      onSort: (nextSort, nextOrder) => {
        setOrder({ sort: nextSort, order: nextOrder });
        paging.setPage(0);
      },
    }),
  };
}
