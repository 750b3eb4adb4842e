import { Box, Checkbox, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListConversionsSort, type AccountType, type Conversion, type SortOrderParameter } from '../../api/generated/model';
import type { Paging } from '../../components/ListPagination';
import { actionsColumn, figureColumn, ServerGrid } from '../../components/ServerGrid';
import { DisplayAmount } from '../../components/DisplayAmount';
import { isAboveZero } from '../../preferences/decimal';
import { formatAmount, formatDate } from '../../preferences/format';
import { canDecide } from './conversionFilters';
import { ConversionStatusChip } from './ConversionStatusChip';

/** Text cut to one line with an ellipsis (the whole text is its title). */
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** docs/product.md §1: a conversion without a currency is shown in USD. */
const currencyOf = (currency: string) => currency || 'USD';

/** The columns the server sorts by, and the column each is shown in. */
const sortColumns: Record<ListConversionsSort, string> = {
  created_at: 'order',
  order_total: 'order_total',
  commission_amount: 'commission_amount',
};

/**
 * The conversions of one page as a server-paged, server-sorted grid (ServerGrid); a brand or the
 * host selects the rows it can still decide. Rows are marked for tests and scripts with their order id.
 */
export function ConversionsGrid({
  accountType,
  rows,
  sort,
  order,
  onSort,
  paging,
  selected,
  onToggle,
  onToggleAll,
  actions,
  onOpen,
  empty,
  loading,
}: {
  accountType: AccountType;
  rows: Conversion[];
  sort: ListConversionsSort;
  order: SortOrderParameter;
  onSort: (sort: ListConversionsSort, order: SortOrderParameter) => void;
  paging: Paging;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  actions: (row: Conversion) => ReactNode;
  /** Opens a conversion's detail (its lines and tier). */
  onOpen: (row: Conversion) => void;
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
      minWidth: 150,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            title={t('detail.open', { order: row.order_id })}
            onClick={() => onOpen(row)}
            sx={{ ...oneLine, display: 'block', maxWidth: '100%', textAlign: 'left', fontFamily: 'monospace', fontWeight: 600 }}
            data-testid="conversion-order"
          >
            {row.order_id}
          </Link>
          <Typography variant="caption" component="p" color="text.secondary" title={row.customer_email} sx={oneLine} data-testid="conversion-customer">
            {row.customer_email || '—'}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary" sx={oneLine} data-testid="conversion-date">
            {formatDate(row.converted_at, i18n.language)}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'who',
      headerName: host ? t('columns.affiliateBrand') : reviewer ? t('columns.affiliateCampaign') : t('columns.campaign'),
      flex: 1.2,
      minWidth: 130,
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
      minWidth: 120,
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
      ...figureColumn,
      minWidth: 120,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1 }} data-testid="conversion-total">
          <DisplayAmount amount={row.order_total} currency={currencyOf(row.currency)} />
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
      ...figureColumn,
      minWidth: 110,
      renderCell: ({ row }) => (
        <DisplayAmount amount={row.commission_amount} currency={currencyOf(row.commission_currency)} testId="conversion-commission" />
      ),
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      minWidth: 120,
      sortable: false,
      renderCell: ({ row }) => <ConversionStatusChip conversion={row} />,
    },
    ...(reviewer ? [actionsColumn<Conversion>(t('columns.actions'), actions, 130)] : []),
  ];

  return (
    <ServerGrid
      label={t('sections:titles.conversions')}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.id}
      rowTestId="conversion-row"
      rowMarks={(row) => ({ 'data-order': row.order_id })}
      sorting={{ sort, order, columns: sortColumns, initial: ListConversionsSort.created_at, onSort }}
      paging={paging}
      loading={loading}
      empty={empty}
      emptyTestId="conversions-empty"
      getRowClassName={(row) => (selected.has(row.id) ? 'Mui-selected' : '')}
      // How an order was attributed, then who brought it, give way first on a narrow screen.
      hideFirst={['attribution', 'who']}
    />
  );
}
