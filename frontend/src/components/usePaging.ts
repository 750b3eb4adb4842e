import { useState } from 'react';

/** The page and page size of a server-paged list; a new page size starts again at the first page. */
export function usePaging(initialPageSize: number) {
  const [page, setPage] = useState(0);
  const [pageSize, setSize] = useState(initialPageSize);
  const setPageSize = (size: number) => {
    setSize(size);
    setPage(0);
  };
  return { page, pageSize, setPage, setPageSize, params: { limit: pageSize, offset: page * pageSize } };
}
