import { Box, Checkbox, Typography } from '@mui/material';
import { DataGrid, GridRow, type GridColDef, type GridRowProps, type GridSortModel } from '@mui/x-data-grid';
import { enUS, roRO } from '@mui/x-data-grid/locales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortOrderParameter, ListConversionsSort, type AccountType, type Conversion } from '../../api/generated/model';
import { isAboveZero } from '../../preferences/decimal';
import { formatAmount, formatDate } from '../../preferences/format';
import { canDecide } from './conversionFilters';
import { ConversionStatusChip } from './ConversionStatusChip';

/** Text cut to one line with an ellipsis (the whole text is its title). */
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** Seed section 9: a conversion without a currency is shown in USD. */
const currencyOf = (currency: string) => currency || 'USD';

/** The columns the server sorts by, and the column each is shown in. */
const sortColumns: Record<ListConversionsSort, string> = {
  created_at: 'order',
  order_total: 'order_total',
  commission_amount: 'commission_amount',
};

/** A row of the grid, marked for tests and scripts with its order id. */
function ConversionRow(props: GridRowProps) {
  const row = props.row as Conversion;
  return <GridRow {...props} data-testid="conversion-row" data-order={row.order_id} />;
}

/**
 * The conversions of one page as a column-driven grid (MUI X Data Grid): the server pages and
 * sorts (clicking a sortable header asks it), the page's rows are shown whole (no virtual
 * scrolling), and a brand or the host selects the rows it can still decide.
 */
export function ConversionsGrid({
  accountType,
  rows,
  sort,
  order,
  onSort,
  selected,
  onToggle,
  onToggleAll,
  actions,
  empty,
  loading,
}: {
  accountType: AccountType;
  rows: Conversion[];
  sort: ListConversionsSort;
  order: SortOrderParameter;
  onSort: (sort: ListConversionsSort, order: SortOrderParameter) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  actions: (row: Conversion) => ReactNode;
  empty: ReactNode;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation(['conversions', 'sections']);
  const reviewer = accountType !== 'affiliate';
  const host = accountType === 'host';
  const decidable = rows.filter(canDecide);
  const chosen = decidable.filter((row) => selected.has(row.id)).length;
  const allChosen = decidable.length > 0 && chosen === decidable.length;

  const columns: GridColDef<Conversion>[] = [
    ...(reviewer
      ? [
          {
            field: 'select',
            width: 56,
            sortable: false,
            disableColumnMenu: true,
            renderHeader: () => (
              <Checkbox
                checked={allChosen}
                indeterminate={chosen > 0 && !allChosen}
                disabled={decidable.length === 0}
                onChange={onToggleAll}
                slotProps={{ input: { 'aria-label': t('columns.selectAll') } }}
                data-testid="select-all"
              />
            ),
            renderCell: ({ row }) =>
              canDecide(row) && (
                <Checkbox
                  checked={selected.has(row.id)}
                  onChange={() => onToggle(row.id)}
                  slotProps={{ input: { 'aria-label': `${t('columns.select')} ${row.order_id}` } }}
                  data-testid="conversion-select"
                />
              ),
          } satisfies GridColDef<Conversion>,
        ]
      : []),
    {
      field: 'order',
      headerName: t('columns.order'),
      flex: 1.3,
      minWidth: 190,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }}>
          <Typography variant="body2" title={row.order_id} sx={{ ...oneLine, fontFamily: 'monospace', fontWeight: 600 }} data-testid="conversion-order">
            {row.order_id}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary" title={row.customer_email} sx={oneLine} data-testid="conversion-customer">
            {row.customer_email || '—'}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary" sx={oneLine} data-testid="conversion-date">
            {formatDate(row.converted_at)}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'who',
      headerName: host ? t('columns.affiliateBrand') : reviewer ? t('columns.affiliateCampaign') : t('columns.campaign'),
      flex: 1.2,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={oneLine} data-testid={reviewer ? 'conversion-affiliate' : undefined}>
            {reviewer ? row.affiliate_name || t('attribution.none') : row.campaign_name || '—'}
          </Typography>
          {reviewer && (
            <Typography variant="caption" component="p" color="text.secondary" sx={oneLine}>
              {host ? `${row.brand_name} · ${row.campaign_name || '—'}` : row.campaign_name || '—'}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'attribution',
      headerName: t('columns.attribution'),
      flex: 1,
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={oneLine} data-testid="conversion-attribution">
            {row.attribution === 'link'
              ? t('attribution.link', { code: row.link_code })
              : row.attribution === 'discount_code'
                ? t('attribution.discount_code', { code: row.discount_code })
                : t('attribution.none')}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary" sx={oneLine}>
            {t(`sources.${row.source}`)}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'order_total',
      headerName: t('columns.orderTotal'),
      align: 'right',
      headerAlign: 'right',
      minWidth: 130,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="conversion-total">
          {formatAmount(row.order_total, currencyOf(row.currency))}
          {isAboveZero(row.refunded_amount) && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('refunded', { amount: formatAmount(row.refunded_amount, currencyOf(row.currency)) })}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'commission_amount',
      headerName: t('columns.commission'),
      align: 'right',
      headerAlign: 'right',
      minWidth: 120,
      renderCell: ({ row }) => (
        <Box sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="conversion-commission">
          {formatAmount(row.commission_amount, currencyOf(row.commission_currency))}
        </Box>
      ),
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => <ConversionStatusChip conversion={row} />,
    },
    ...(reviewer
      ? [
          {
            field: 'actions',
            headerName: t('columns.actions'),
            renderHeader: () => <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('columns.actions')}</Box>,
            minWidth: 170,
            align: 'right',
            headerAlign: 'right',
            sortable: false,
            disableColumnMenu: true,
            renderCell: ({ row }) => <Box sx={{ whiteSpace: 'nowrap' }}>{actions(row)}</Box>,
          } satisfies GridColDef<Conversion>,
        ]
      : []),
  ];

  const sortModel: GridSortModel = [{ field: sortColumns[sort], sort: order }];
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    const next = (Object.keys(sortColumns) as ListConversionsSort[]).find((key) => sortColumns[key] === first?.field);
    if (!first?.sort || !next) onSort(ListConversionsSort.created_at, SortOrderParameter.desc);
    else onSort(next, first.sort === 'asc' ? SortOrderParameter.asc : SortOrderParameter.desc);
  };
  const locale = (i18n.language.startsWith('ro') ? roRO : enUS).components.MuiDataGrid.defaultProps.localeText;

  return (
    <DataGrid
      rows={rows}
      columns={columns}
      getRowId={(row) => row.id}
      getRowHeight={() => 'auto'}
      rowSelection={false}
      disableVirtualization
      disableColumnFilter
      disableColumnSelector
      hideFooter
      sortingMode="server"
      sortingOrder={['desc', 'asc']}
      sortModel={sortModel}
      onSortModelChange={onSortModelChange}
      paginationMode="server"
      rowCount={rows.length}
      loading={loading}
      localeText={locale}
      aria-label={t('sections:titles.conversions')}
      slots={{ row: ConversionRow, noRowsOverlay: () => <Box sx={{ p: 3 }} data-testid="conversions-empty">{empty}</Box> }}
      getRowClassName={({ row }) => (selected.has(row.id) ? 'Mui-selected' : '')}
      sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
    />
  );
}
