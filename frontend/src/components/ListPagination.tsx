import { TablePagination } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The page a server-paged list shows, and how the pager asks for another. */
export interface Paging {
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/**
 * The pager under a server-paged table, in the user's language. The page shown is kept within the
 * pages that exist (a list that shrank under it shows its last page).
 */
export function ListPagination({ total, page, pageSize, pageSizes, onPage, onPageSize }: Paging) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={total === 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_, next) => onPage(next)}
      onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
      labelRowsPerPage={t('pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('pagination.displayed', { from, to, count })}
      data-testid="list-pagination"
      // On a phone the pager's parts wrap onto a second line rather than widen the page.
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
    />
  );
}
