import { fireEvent, render, screen, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/config';
import type { Paging } from './ListPagination';
import { hiddenColumns, ServerGrid, type ServerSorting } from './ServerGrid';

type Row = { id: string; name: string; amount: string };

const columns: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Name', sortingOrder: ['asc', 'desc', null] },
  { field: 'amount', headerName: 'Amount' },
  { field: 'note', headerName: 'Note', sortable: false },
];

const paging: Paging = { total: 2, page: 0, pageSize: 25, pageSizes: [25, 50], onPage: () => {}, onPageSize: () => {} };

function grid(rows: Row[], sorting?: ServerSorting<'created_at' | 'name' | 'amount'>, loading = false) {
  return render(
    <ServerGrid
      label="Things"
      rows={rows}
      columns={columns}
      getRowId={(row) => row.id}
      rowTestId="thing-row"
      rowMarks={(row) => ({ 'data-name': row.name })}
      sorting={sorting}
      paging={paging}
      loading={loading}
      empty="Nothing yet."
      emptyTestId="things-empty"
    />,
  );
}

const header = (name: string) =>
  within(screen.getByRole('grid', { name: 'Things' }))
    .getAllByRole('columnheader')
    .find((cell) => cell.textContent === name) as HTMLElement;

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('server grid', () => {
  it('marks each row for tests and scripts, and says when there is none', () => {
    const { unmount } = grid([
      { id: '1', name: 'Ada', amount: '1.00' },
      { id: '2', name: 'Bob', amount: '2.00' },
    ]);
    expect(screen.getAllByTestId('thing-row').map((row) => row.getAttribute('data-name'))).toEqual(['Ada', 'Bob']);
    expect(screen.getByTestId('list-pagination').textContent).toContain('1–2 of 2');
    unmount();
    grid([]);
    expect(screen.getByTestId('things-empty').textContent).toBe('Nothing yet.');
  });

  it('shows the server order on its header and asks the server for another; a cleared sort asks for the list’s own', () => {
    const onSort = vi.fn();
    const sorting = { sort: 'amount' as const, order: 'desc' as const, columns: { name: 'name', amount: 'amount' }, initial: 'created_at' as const, onSort };
    const { rerender } = grid([{ id: '1', name: 'Ada', amount: '1.00' }], sorting);
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header('Amount'));
    expect(onSort).toHaveBeenLastCalledWith('amount', 'asc');
    fireEvent.click(header('Name'));
    expect(onSort).toHaveBeenLastCalledWith('name', 'asc');

    rerender(
      <ServerGrid
        label="Things"
        rows={[{ id: '1', name: 'Ada', amount: '1.00' }]}
        columns={columns}
        getRowId={(row) => row.id}
        rowTestId="thing-row"
        sorting={{ ...sorting, sort: 'name', order: 'desc' }}
        paging={paging}
        loading={false}
        empty=""
        emptyTestId="things-empty"
      />,
    );
    fireEvent.click(header('Name'));
    expect(onSort).toHaveBeenLastCalledWith('created_at', 'desc');
    fireEvent.click(header('Note'));
    expect(onSort).toHaveBeenCalledTimes(3);
  });

  it('marks no header while the list is in its own order, and says it is busy while a page comes', () => {
    const sorting = { sort: 'created_at' as const, order: 'desc' as const, columns: { name: 'name' }, initial: 'created_at' as const, onSort: () => {} };
    const { container } = grid([{ id: '1', name: 'Ada', amount: '1.00' }], sorting, true);
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    // The bar is shown, not read: a progressbar may not sit inside a grid.
    expect(within(screen.getByRole('grid', { name: 'Things' })).queryByRole('progressbar')).toBeNull();
  });

  it('hides the columns that matter least, in their order, only until the rest fit the width', () => {
    const wide: GridColDef<never>[] = [
      { field: 'order', flex: 1, minWidth: 150 },
      { field: 'who', flex: 1, minWidth: 130 },
      { field: 'how', flex: 1, minWidth: 120 },
      { field: 'total', minWidth: 120 },
      { field: 'count' },
    ];
    // 150 + 130 + 120 + 120 + 100 (a column's default width) = 620.
    expect(hiddenColumns(wide, ['how', 'who'], 620)).toEqual({});
    expect(hiddenColumns(wide, ['how', 'who'], 600)).toEqual({ how: false });
    expect(hiddenColumns(wide, ['how', 'who'], 400)).toEqual({ how: false, who: false });
    expect(hiddenColumns(wide, ['how', 'who'], 0)).toEqual({});
  });
});
