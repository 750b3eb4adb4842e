import { Box, Chip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PayoutStatus, type AccountType, type ListPayoutsSort, type Payout } from '../../api/generated/model';
import type { Paging } from '../../components/ListPagination';
import { actionsColumn, figureColumn, ServerGrid, type ServerSorting } from '../../components/ServerGrid';
import { DisplayAmount } from '../../components/DisplayAmount';
import { formatDate } from '../../preferences/format';

/** The server's sorts, each shown in the column of the same name. */
export const sortColumns: Record<ListPayoutsSort, string> = {
  created_at: 'created_at',
  amount: 'amount',
  paid_at: 'paid_at',
};

/**
 * One page of payouts as a server-paged, server-sorted grid (ServerGrid): who is paid (the
 * affiliate for a brand or the host, the brand for an affiliate), the amount in its own currency,
 * where it stands, and the manager's actions.
 */
export function PayoutsGrid({
  accountType,
  label,
  rows,
  sorting,
  paging,
  loading,
  empty,
  actions,
}: {
  accountType: AccountType;
  label: string;
  rows: Payout[];
  sorting: ServerSorting<ListPayoutsSort>;
  paging: Paging;
  loading: boolean;
  empty: ReactNode;
  actions: (payout: Payout) => ReactNode;
}) {
  const { t, i18n } = useTranslation('payouts');
  const manager = accountType !== 'affiliate';
  const brandColumn: GridColDef<Payout> = {
    field: 'brand_name',
    headerName: t('columns.brand'),
    flex: 1,
    minWidth: 130,
    sortable: false,
  };

  const columns: GridColDef<Payout>[] = [
    manager
      ? {
          field: 'affiliate_name',
          headerName: t('columns.affiliate'),
          flex: 1.3,
          minWidth: 150,
          sortable: false,
          renderCell: ({ row }) => (
            <Box sx={{ py: 1, minWidth: 0 }}>
              <Typography variant="body2">{row.affiliate_name}</Typography>
              <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {row.affiliate_email}
              </Typography>
            </Box>
          ),
        }
      : brandColumn,
    ...(accountType === 'host' ? [brandColumn] : []),
    {
      field: 'amount',
      headerName: t('columns.amount'),
      ...figureColumn,
      minWidth: 110,
      renderCell: ({ row }) => <DisplayAmount amount={row.amount} currency={row.currency} testId="payout-amount" />,
    },
    {
      field: 'conversion_count',
      headerName: t('columns.conversions'),
      ...figureColumn,
      minWidth: 90,
      sortable: false,
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      minWidth: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={row.status === PayoutStatus.paid ? 'success' : 'warning'}
          label={t(`statuses.${row.status}`)}
          data-testid="payout-status"
          data-status={row.status}
        />
      ),
    },
    {
      field: 'created_at',
      headerName: t('columns.created'),
      minWidth: 110,
      renderCell: ({ row }) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at, i18n.language)}</Box>,
    },
    {
      field: 'paid_at',
      headerName: t('columns.paid'),
      flex: 1,
      minWidth: 120,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }} data-testid="payout-paid">
          {row.paid_at ? (
            <>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(row.paid_at, i18n.language)}
              </Typography>
              <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('reference', { reference: row.reference })}
              </Typography>
            </>
          ) : (
            '—'
          )}
        </Box>
      ),
    },
    ...(manager ? [actionsColumn<Payout>(t('columns.actions'), actions, 90)] : []),
  ];

  return (
    <ServerGrid
      label={label}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.id}
      rowTestId="payout-row"
      sorting={sorting}
      paging={paging}
      loading={loading}
      empty={empty}
      emptyTestId="payouts-empty"
      // When it was created, how many orders it holds, when it was paid: what gives way on a narrow screen.
      hideFirst={['created_at', 'conversion_count', 'paid_at']}
    />
  );
}
