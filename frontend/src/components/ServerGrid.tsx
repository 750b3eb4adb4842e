import { Box, LinearProgress, useMediaQuery, useTheme } from '@mui/material';
import {
  DataGrid,
  GridRow,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRenderCellParams,
  type GridRowProps,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { enUS, roRO } from '@mui/x-data-grid/locales';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortOrderParameter } from '../api/generated/model';
import { ListPagination, type Paging } from './ListPagination';

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

/** The actions column: named on screen ("Actions"), it neither sorts nor has a menu, and it never hides. */
export function actionsColumn<R extends GridValidRowModel>(label: string, render: (row: R) => ReactNode, minWidth = 120): GridColDef<R> {
  return {
    field: 'actions',
    headerName: label,
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

/** The width a column takes at least: a flexible one its least width, another its width (100 unless set) or more. */
const leastWidth = (column: GridColDef<never>) =>
  column.flex ? (column.minWidth ?? 50) : Math.max(column.width ?? 100, column.minWidth ?? 50);

/**
 * The columns hidden so the rest fit `width`: those of `hideFirst`, in its order, until the
 * others' least widths add up to no more than it (none before the grid has been measured).
 */
export function hiddenColumns(columns: readonly GridColDef<never>[], hideFirst: readonly string[], width: number): GridColumnVisibilityModel {
  const hidden: GridColumnVisibilityModel = {};
  if (width <= 0) return hidden;
  let needed = columns.reduce((sum, column) => sum + leastWidth(column), 0);
  for (const field of hideFirst) {
    if (needed <= width) break;
    const column = columns.find((one) => one.field === field);
    if (!column) continue;
    hidden[field] = false;
    needed -= leastWidth(column);
  }
  return hidden;
}

/** The width of an element's content box, followed as it changes (0 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A column's cell for one row, outside the grid (the phone's cards): its renderCell, else its value. */
function cellOf<R extends GridValidRowModel>(column: GridColDef<R>, row: R, id: string): ReactNode {
  const value: unknown = row[column.field];
  if (column.renderCell) return column.renderCell({ row, value, field: column.field, id } as unknown as GridRenderCellParams<R>);
  return value === null || value === undefined ? '' : String(value as string | number);
}

/**
 * The rows as cards, for a phone: each column's name and cell one under another, the columns
 * without a name (a row's checkbox) on top, and the actions at the bottom. A column without a name
 * that has a header (select all) shows it once above the cards.
 */
function RowCards<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  getRowId,
  rowTestId,
  rowMarks,
  empty,
  emptyTestId,
  getRowClassName,
}: {
  label: string;
  rows: R[];
  columns: GridColDef<R>[];
  getRowId: (row: R) => string;
  rowTestId: string;
  rowMarks?: (row: R) => Marks;
  empty: ReactNode;
  emptyTestId: string;
  getRowClassName?: (row: R) => string;
}) {
  const unnamed = columns.filter((column) => !column.headerName);
  const named = columns.filter((column) => column.headerName && column.field !== 'actions');
  const actions = columns.find((column) => column.field === 'actions');
  if (rows.length === 0) return <EmptyOverlay data-testid={emptyTestId}>{empty}</EmptyOverlay>;
  const heads = unnamed.filter((column) => column.renderHeader);
  return (
    <>
      {heads.length > 0 && (
        <Box sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}>
          {heads.map((column) => (
            <Fragment key={column.field}>{column.renderHeader?.({ field: column.field, colDef: column } as never)}</Fragment>
          ))}
        </Box>
      )}
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => {
          const id = getRowId(row);
          return (
            <Box
              component="li"
              key={id}
              className={getRowClassName?.(row)}
              data-testid={rowTestId}
              {...rowMarks?.(row)}
              sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', '&.Mui-selected': { bgcolor: 'action.selected' } }}
            >
              {unnamed.map((column) => (
                <Box key={column.field} sx={{ ml: -1.5 }}>
                  {cellOf(column, row, id)}
                </Box>
              ))}
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 2, rowGap: 0.5, m: 0 }}>
                {named.map((column) => (
                  <Fragment key={column.field}>
                    <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary', alignSelf: 'center' }}>
                      {column.headerName}
                    </Box>
                    <Box
                      component="dd"
                      sx={{ m: 0, minWidth: 0, display: 'flex', justifyContent: 'flex-end', textAlign: 'right', overflowWrap: 'anywhere', typography: 'body2' }}
                    >
                      {cellOf(column, row, id)}
                    </Box>
                  </Fragment>
                ))}
              </Box>
              {actions && <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>{cellOf(actions, row, id)}</Box>}
            </Box>
          );
        })}
      </Box>
    </>
  );
}

/**
 * A long list as a column-driven grid (MUI X Data Grid) whose server pages and sorts it: a click on
 * a sortable header asks the server (`sorting`), the pager under it asks for another page
 * (`paging`), and the page's rows are shown whole (no virtual scrolling, each row as tall as it
 * needs). Columns are defined once by each list; only the pages with a grid load its code.
 * The grid fits its box: when the columns' least widths do not, those of `hideFirst` hide, in
 * that order; headers may take two lines. On a phone each row is a card (RowCards) instead.
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
  hideFirst = [],
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
  /** Columns that matter least, hidden in this order while the others do not fit the grid's width. */
  hideFirst?: readonly string[];
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [box, width] = useWidth();
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

  if (phone) {
    return (
      <Box aria-busy={loading}>
        <RowCards
          label={label}
          rows={rows}
          columns={columns}
          getRowId={getRowId}
          rowTestId={rowTestId}
          rowMarks={rowMarks}
          empty={empty}
          emptyTestId={emptyTestId}
          getRowClassName={getRowClassName}
        />
        <ListPagination {...paging} />
      </Box>
    );
  }

  return (
    <Box aria-busy={loading} ref={box}>
      <DataGrid
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        getRowHeight={() => 'auto'}
        columnVisibilityModel={hiddenColumns(columns as GridColDef<never>[], hideFirst, width)}
        rowSelection={false}
        disableVirtualization
        disableColumnFilter
        disableColumnSelector
        disableColumnResize
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
          // The last header's divider would stick out past the grid's edge (the grid then scrolled sideways).
          '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
          // A header's menu button, hidden until hovered, takes no room then (it stuck out likewise).
          '& .MuiDataGrid-menuIcon': { overflow: 'hidden' },
          // A long header takes two lines rather than being cut.
          '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.25 },
        }}
      />
      <ListPagination {...paging} />
    </Box>
  );
}
