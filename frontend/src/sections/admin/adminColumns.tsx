import { Box, Typography } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  Affiliate,
  Brand,
  Campaign,
  Conversion,
  DiscountCode,
  ListConversionsSort,
  NameSortParameter,
  TrackingLink,
} from '../../api/generated/model';
import { actionsColumn, figureColumn } from '../../components/ServerGrid';
import { DisplayAmount } from '../../components/DisplayAmount';
import { formatCount, formatDate } from '../../preferences/format';
import { discountValueText } from '../discountCodes/discountCodeText';
import { brandDomains, brandName } from './adminKinds';

/** Where the brands, affiliates and campaigns tabs show the server's sorts (newest first is no column). */
export const nameSortColumns: Partial<Record<NameSortParameter, string>> = { name: 'name' };

/** Where the conversions tab shows the server's sorts. */
export const conversionSortColumns: Record<ListConversionsSort, string> = {
  created_at: 'converted_at',
  order_total: 'order_total',
  commission_amount: 'commission_amount',
};

/**
 * The columns that give way first on a narrow screen, whichever tab shows them: the long ID, then
 * the details that matter least.
 */
export const adminHideFirst = ['id', 'customer_email', 'campaign_name', 'discount_type', 'brand_name', 'destination_url'];

/** Text on one line, cut with an ellipsis; the whole text is its title. */
function OneLine({ text, strong, mono }: { text: string; strong?: boolean; mono?: boolean }) {
  return (
    <Typography
      variant="body2"
      title={text}
      sx={{
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        fontWeight: strong ? 600 : undefined,
        fontFamily: mono ? 'monospace' : undefined,
      }}
    >
      {text || '—'}
    </Typography>
  );
}

function idColumn<R extends GridValidRowModel>(label: string): GridColDef<R> {
  return {
    field: 'id',
    headerName: label,
    minWidth: 280,
    sortable: false,
    renderCell: ({ value }) => (
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {String(value)}
      </Box>
    ),
  };
}

/** A name the server sorts by: A to Z first, then Z to A, then the list's own order again. */
function nameColumn<R extends GridValidRowModel>(label: string, name: (row: R) => string): GridColDef<R> {
  return {
    field: 'name',
    headerName: label,
    flex: 1,
    minWidth: 180,
    sortingOrder: ['asc', 'desc', null],
    renderCell: ({ row }) => <OneLine text={name(row)} strong />,
  };
}

function textColumn<R extends GridValidRowModel>(
  field: string,
  label: string,
  text: (row: R) => string,
  minWidth = 140,
  look: { strong?: boolean; mono?: boolean } = {},
): GridColDef<R> {
  return { field, headerName: label, flex: 1, minWidth, sortable: false, renderCell: ({ row }) => <OneLine text={text(row)} {...look} /> };
}

/** What each row of the editable tabs offers: account actions, edit and delete. */
export interface AdminRowActions {
  brand: (brand: Brand) => ReactNode;
  affiliate: (affiliate: Affiliate) => ReactNode;
  campaign: (campaign: Campaign) => ReactNode;
}

/** The columns of the admin tabs (docs/product.md §1), each defined once. */
export function useAdminColumns(actions: AdminRowActions) {
  const { t, i18n } = useTranslation(['admin', 'campaigns']);
  const actionsLabel = t('columns.actions');

  const brand: GridColDef<Brand>[] = [
    idColumn<Brand>(t('columns.id')),
    nameColumn<Brand>(t('columns.name'), brandName),
    textColumn<Brand>('domain', t('columns.domain'), brandDomains),
    actionsColumn<Brand>(actionsLabel, actions.brand),
  ];
  const affiliate: GridColDef<Affiliate>[] = [
    idColumn<Affiliate>(t('columns.id')),
    nameColumn<Affiliate>(t('columns.name'), (row) => row.name),
    textColumn<Affiliate>('email', t('columns.email'), (row) => row.email, 200),
    actionsColumn<Affiliate>(actionsLabel, actions.affiliate, 150),
  ];
  const campaign: GridColDef<Campaign>[] = [
    idColumn<Campaign>(t('columns.id')),
    nameColumn<Campaign>(t('columns.name'), (row) => row.name),
    {
      field: 'status',
      headerName: t('columns.status'),
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => <span data-testid="admin-campaign-status">{t(`campaigns:status.${row.status}`)}</span>,
    },
    actionsColumn<Campaign>(actionsLabel, actions.campaign),
  ];
  const conversion: GridColDef<Conversion>[] = [
    textColumn<Conversion>('order_id', t('columns.orderId'), (row) => row.order_id, 150, { strong: true, mono: true }),
    textColumn<Conversion>('customer_email', t('columns.customerEmail'), (row) => row.customer_email, 180),
    {
      field: 'order_total',
      headerName: t('columns.amount'),
      ...figureColumn,
      minWidth: 130,
      // Seed: the amount with its currency, USD when none.
      renderCell: ({ row }) => <DisplayAmount amount={row.order_total} currency={row.currency || 'USD'} testId="admin-conversion-amount" />,
    },
    {
      field: 'commission_amount',
      headerName: t('columns.commission'),
      ...figureColumn,
      minWidth: 130,
      renderCell: ({ row }) => (
        <DisplayAmount amount={row.commission_amount} currency={row.commission_currency || 'USD'} testId="admin-conversion-commission" />
      ),
    },
    {
      field: 'converted_at',
      headerName: t('columns.converted'),
      ...figureColumn,
      minWidth: 170,
      renderCell: ({ row }) => formatDate(row.converted_at, i18n.language),
    },
  ];
  const discountCode: GridColDef<DiscountCode>[] = [
    textColumn<DiscountCode>('code', t('columns.code'), (row) => row.code, 130, { strong: true, mono: true }),
    textColumn<DiscountCode>('affiliate_name', t('columns.affiliate'), (row) => row.affiliate_name, 130),
    textColumn<DiscountCode>('brand_name', t('columns.brand'), (row) => row.brand_name, 130),
    textColumn<DiscountCode>('campaign_name', t('columns.campaign'), (row) => row.campaign_name, 130),
    textColumn<DiscountCode>('discount_type', t('columns.type'), (row) => t(`discountTypes.${row.discount_type}`), 120),
    {
      field: 'discount_value',
      headerName: t('columns.value'),
      ...figureColumn,
      minWidth: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <span data-testid="admin-code-value">
          {discountValueText(row, row.currency, i18n.language)}
        </span>
      ),
    },
    textColumn<DiscountCode>('status', t('columns.status'), (row) => t(`codeStatuses.${row.status}`), 100),
    {
      field: 'usage',
      headerName: t('columns.usage'),
      ...figureColumn,
      minWidth: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <span data-testid="admin-code-usage">
          {row.current_usage_count}/{row.usage_limit ?? '∞'}
        </span>
      ),
    },
  ];
  const trackingLink: GridColDef<TrackingLink>[] = [
    textColumn<TrackingLink>('name', t('columns.name'), (row) => row.name, 150),
    textColumn<TrackingLink>('short_code', t('columns.shortCode'), (row) => row.short_code, 120, { mono: true }),
    textColumn<TrackingLink>('destination_url', t('columns.destination'), (row) => row.destination_url, 200),
    {
      field: 'click_count',
      headerName: t('columns.clicks'),
      ...figureColumn,
      minWidth: 90,
      sortable: false,
      renderCell: ({ row }) => <span data-testid="admin-link-clicks">{formatCount(row.click_count, i18n.language)}</span>,
    },
    textColumn<TrackingLink>('status', t('columns.status'), (row) => t(`linkStatuses.${row.status}`), 100),
  ];

  return { brand, affiliate, campaign, conversion, discountCode, trackingLink };
}
