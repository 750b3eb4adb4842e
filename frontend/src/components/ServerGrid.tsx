import { Box, LinearProgress } from '@mui/material';
import {
  DataGrid,
  GridRow,
  type GridColDef,
  type GridRowProps,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { enUS, roRO } from '@mui/x-data-grid/locales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortOrderParameter } from '../api/generated/model';
import { ListPagination, type Paging } from './ListPagination';
import { VisuallyHidden } from './VisuallyHidden';

/** How a list the server sorts is ordered, and how a header click asks for another order. */
export interface ServerSorting<S extends string> {
  sort: S;
  order: SortOrderParameter;
  /** The column each of the server's sorts is shown in; a sort without one marks no header. */
  columns: Partial<Record<S, string>>;
  /** The list's own order (descending), asked for again when a header's sort is cleared. */
  initial: S;
  onSort: (sort: S, order: SortOrderParameter) => void;
}

/** A column of amounts or counts: right-aligned, figures of one width, on one line. */
export const figureColumn = { align: 'right', headerAlign: 'right', cellClassName: 'figures' } as const;

/** The actions column: its header is read aloud but not shown, and it neither sorts nor has a menu. */
export function actionsColumn<R extends GridValidRowModel>(label: string, render: (row: R) => ReactNode, minWidth = 120): GridColDef<R> {
  return {
    field: 'actions',
    headerName: label,
    renderHeader: () => <VisuallyHidden>{label}</VisuallyHidden>,
    minWidth,
    align: 'right',
    headerAlign: 'right',
    sortable: false,
    disableColumnMenu: true,
    renderCell: ({ row }) => <Box sx={{ whiteSpace: 'nowrap' }}>{render(row)}</Box>,
  };
}

type Marks = Record<`data-${string}`, string>;

/** A row with its test id and, when the list gives them, data- attributes of its own. */
function MarkedRow({ marks, ...props }: GridRowProps & { marks?: (row: GridValidRowModel) => Marks }) {
  return <GridRow {...props} {...marks?.(props.row as GridValidRowModel)} />;
}

/**
 * The bar over rows being replaced. It is shown, not read: a progressbar may not sit inside a grid
 * (axe: aria-required-children), and the box around the grid says it is busy.
 */
function LoadingBar() {
  return <LinearProgress aria-hidden sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />;
}

function EmptyOverlay({ children, ...props }: { children?: ReactNode }) {
  return (
    <Box sx={{ p: 3 }} {...props}>
      {children}
    </Box>
  );
}

/**
 * A long list as a column-driven grid (MUI X Data Grid) whose server pages and sorts it: a click on
 * a sortable header asks the server (`sorting`), the pager under it asks for another page
 * (`paging`), and the page's rows are shown whole (no virtual scrolling, each row as tall as it
 * needs). Columns are defined once by each list; only the pages with a grid load its code.
 */
export function ServerGrid<R extends GridValidRowModel, S extends string = never>({
  label,
  rows,
  columns,
  getRowId,
  rowTestId,
  rowMarks,
  sorting,
  paging,
  loading,
  empty,
  emptyTestId,
  getRowClassName,
}: {
  /** The grid's accessible name. */
  label: string;
  rows: R[];
  columns: GridColDef<R>[];
  getRowId: (row: R) => string;
  rowTestId: string;
  rowMarks?: (row: R) => Marks;
  sorting?: ServerSorting<S>;
  paging: Paging;
  /** A new page or order is on its way (the rows shown are the previous ones). */
  loading: boolean;
  empty: ReactNode;
  emptyTestId: string;
  getRowClassName?: (row: R) => string;
}) {
  const { i18n } = useTranslation();
  const locale = (i18n.language.startsWith('ro') ? roRO : enUS).components.MuiDataGrid.defaultProps.localeText;
  const field = sorting?.columns[sorting.sort];
  const sortModel: GridSortModel = sorting && field ? [{ field, sort: sorting.order }] : [];
  const onSortModelChange = (model: GridSortModel) => {
    if (!sorting) return;
    const first = model[0];
    const next = (Object.keys(sorting.columns) as S[]).find((key) => sorting.columns[key] === first?.field);
    if (!first?.sort || !next) sorting.onSort(sorting.initial, SortOrderParameter.desc);
    else sorting.onSort(next, first.sort === 'asc' ? SortOrderParameter.asc : SortOrderParameter.desc);
  };

  return (
    <Box aria-busy={loading}>
      <DataGrid
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        getRowHeight={() => 'auto'}
        rowSelection={false}
        disableVirtualization
        disableColumnFilter
        disableColumnSelector
        disableColumnSorting={!sorting}
        hideFooter
        sortingMode="server"
        sortingOrder={['desc', 'asc']}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        paginationMode="server"
        rowCount={rows.length}
        loading={loading}
        localeText={locale}
        aria-label={label}
        slots={{ row: MarkedRow, noRowsOverlay: EmptyOverlay, loadingOverlay: LoadingBar }}
        slotProps={{
          row: { 'data-testid': rowTestId, marks: rowMarks } as Partial<GridRowProps>,
          noRowsOverlay: { children: empty, 'data-testid': emptyTestId } as object,
        }}
        getRowClassName={getRowClassName && (({ row }) => getRowClassName(row))}
        sx={{
          border: 0,
          // Rows as tall as their content, and a one-line row as tall as a small table's.
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', minHeight: 40 },
          '& .figures': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
        }}
      />
      <ListPagination {...paging} />
    </Box>
  );
}
