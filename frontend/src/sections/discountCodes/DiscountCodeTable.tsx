import { Box, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign, DiscountCode } from '../../api/generated/model';
import { CopyButton } from '../../components/CopyButton';
import type { Paging } from '../../components/ListPagination';
import { actionsColumn, ServerGrid } from '../../components/ServerGrid';
import { formatAmount } from '../../preferences/format';
import { commissionOverrideText, discountStatusColor, discountValueText, usageText, validityDays } from './discountCodeText';

/**
 * One page of codes as a server-paged grid (ServerGrid): to a brand with the affiliate of each
 * code, to an affiliate with its brand; the campaigns give the commission's terms.
 */
export function DiscountCodeTable({
  codes,
  viewer,
  campaignsById,
  actions,
  paging,
  loading,
}: {
  codes: DiscountCode[];
  viewer: 'brand' | 'affiliate';
  campaignsById: Map<string, Campaign>;
  actions?: (code: DiscountCode) => ReactNode;
  paging: Paging;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation(['discountCodes', 'sections']);
  const muted = { variant: 'caption', color: 'text.secondary', component: 'div' } as const;
  const who = viewer === 'brand' ? 'affiliate' : 'brand';
  const columns: GridColDef<DiscountCode>[] = [
    {
      field: 'code',
      headerName: t('columns.code'),
      minWidth: 130,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Typography
              variant="body2"
              sx={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: 0.5, overflowWrap: 'anywhere', minWidth: 0 }}
              data-testid="discount-code-code"
            >
              {row.code}
            </Typography>
            <CopyButton value={row.code} testId="discount-code-copy" label={t('list.copy')} />
          </Box>
          {row.description && (
            <Typography {...muted} sx={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.description}>
              {row.description}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: who,
      headerName: t(`columns.${who}`),
      minWidth: 110,
      flex: 1,
      sortable: false,
      // Long names may break anywhere, so the grid fits beside the menu.
      renderCell: ({ row }) => <Box sx={{ overflowWrap: 'anywhere', py: 1 }}>{viewer === 'brand' ? row.affiliate_name : row.brand_name}</Box>,
    },
    {
      field: 'campaign',
      headerName: t('columns.campaign'),
      minWidth: 110,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => <Box sx={{ overflowWrap: 'anywhere', py: 1 }}>{row.campaign_name}</Box>,
    },
    {
      field: 'discount',
      headerName: t('columns.discount'),
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => {
        const campaign = campaignsById.get(row.campaign_id);
        const currency = row.currency;
        const value = discountValueText(row, currency, i18n.language);
        return (
          <Box sx={{ whiteSpace: 'nowrap', py: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="discount-code-value">
              {value || t(`type.${row.discount_type}`)}
            </Typography>
            {value && (
              <Typography {...muted} data-testid="discount-code-type">
                {t(`type.${row.discount_type}`)}
              </Typography>
            )}
            {row.minimum_order_amount && (
              <Typography {...muted} data-testid="discount-code-minimum">
                {t('list.minimumOrder', { amount: formatAmount(row.minimum_order_amount, currency) })}
              </Typography>
            )}
            {row.commission_override && campaign && (
              <Typography {...muted} data-testid="discount-code-commission">
                {t('list.commission', {
                  commission: commissionOverrideText(row.commission_override, campaign.commission_type, currency, i18n.language),
                })}
              </Typography>
            )}
          </Box>
        );
      },
    },
    {
      field: 'usage',
      headerName: t('columns.usage'),
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ whiteSpace: 'nowrap', py: 1 }}>
          <span data-testid="discount-code-usage">{usageText(row)}</span>
          {row.usage_limit_per_customer !== null && <Typography {...muted}>{t('list.perCustomer', { limit: row.usage_limit_per_customer })}</Typography>}
        </Box>
      ),
    },
    {
      field: 'validity',
      headerName: t('columns.validity'),
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => {
        const validity = validityDays(row, i18n.language);
        return (
          <Box sx={{ whiteSpace: 'nowrap', py: 1 }} data-testid="discount-code-validity">
            {validity.from && <div>{t('validity.from', { date: validity.from })}</div>}
            {validity.until && <div>{t('validity.until', { date: validity.until })}</div>}
            {!validity.from && !validity.until && t('validity.always')}
          </Box>
        );
      },
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start', py: 1 }}>
          <Chip size="small" color={discountStatusColor[row.status]} label={t(`status.${row.status}`)} data-testid="discount-code-status" data-status={row.status} />
          <Chip
            size="small"
            variant="outlined"
            label={t(row.is_exclusive ? 'audience.exclusive' : 'audience.public')}
            title={t(row.is_exclusive ? 'help.exclusive' : 'help.public')}
            data-testid="discount-code-audience"
          />
        </Stack>
      ),
    },
    ...(actions ? [actionsColumn<DiscountCode>(t('columns.actions'), actions, 110)] : []),
  ];
  return (
    <ServerGrid
      label={t('sections:titles.discountCodes')}
      rows={codes}
      columns={columns}
      getRowId={(row) => row.id}
      rowTestId="discount-code-row"
      rowMarks={(row) => ({ 'data-code': row.code })}
      paging={paging}
      loading={loading}
      empty=""
      emptyTestId="discount-codes-page-empty"
      // What gives way in a narrow box: the campaign (its name is on the code's page) and the dates.
      hideFirst={['campaign', 'validity']}
    />
  );
}
