import SearchIcon from '@mui/icons-material/Search';
import { Box, Card, InputAdornment, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getListAffiliatesQueryKey, listAffiliates } from '../../api/generated/affiliates/affiliates';
import { NameSortParameter, type AccountType, type Affiliate, type AffiliateStats } from '../../api/generated/model';
import { DisplayAmount } from '../../components/DisplayAmount';
import { QueryStatus } from '../../components/QueryStatus';
import { figureColumn, ServerGrid } from '../../components/ServerGrid';
import { useDebounced } from '../../components/useDebounced';
import { useServerList } from '../../components/useServerList';
import { formatDate, formatRate } from '../../preferences/format';
import { SectionHeader } from '../SectionHeader';

const PAGE_SIZES = [25, 50, 100];

const statsOf = (affiliate: Affiliate) => affiliate.stats as AffiliateStats | undefined;

/** Affiliates with their statistics: a brand's are those in its campaigns; the host sees all. */
export default function AffiliatesPage({ accountType }: { accountType: AccountType }) {
  const { t, i18n } = useTranslation(['affiliates', 'sections']);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const list = useServerList<NameSortParameter>(NameSortParameter.created_at, PAGE_SIZES, query);
  const params = { ...(query ? { query } : {}), ...list.params };
  const affiliates = useQuery({
    queryKey: getListAffiliatesQueryKey(params),
    // The call adds a timestamp so no cache in between answers an old list.
    queryFn: ({ signal }) => listAffiliates({ ...params, ts: String(Date.now()) }, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = affiliates.data?.data.affiliates ?? [];
  const total = affiliates.data?.data.total ?? 0;
  const figure = (field: string, headerName: string, value: (s: AffiliateStats | undefined) => string | number, minWidth = 90): GridColDef<Affiliate> => ({
    field,
    headerName,
    ...figureColumn,
    minWidth,
    sortable: false,
    valueGetter: (_, row) => value(statsOf(row)),
  });
  const money = (field: string, headerName: string, amount: (s: AffiliateStats | undefined) => string): GridColDef<Affiliate> => ({
    field,
    headerName,
    ...figureColumn,
    minWidth: 120,
    sortable: false,
    // The server answers money in RON; it is shown in the chosen display currency, the RON beneath.
    renderCell: ({ row }) => <DisplayAmount amount={amount(statsOf(row))} currency="RON" />,
  });
  const columns: GridColDef<Affiliate>[] = [
    {
      field: 'name',
      headerName: t('columns.affiliate'),
      flex: 1,
      minWidth: 160,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.name}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Typography>
        </Box>
      ),
    },
    figure('campaigns', t('columns.campaigns'), (s) => s?.campaigns_joined ?? 0),
    figure('clicks', t('columns.clicks'), (s) => s?.total_clicks ?? 0),
    figure('conversions', t('columns.conversions'), (s) => s?.conversions ?? 0, 100),
    {
      ...figure('conversion_rate', t('columns.conversionRate'), (s) => formatRate(s?.conversion_rate ?? '0.00', i18n.language), 100),
      description: t('columns.conversionRateHelp'),
    },
    money('revenue', t('columns.revenue'), (s) => s?.revenue ?? '0'),
    money('commission', t('columns.commission'), (s) => s?.commission ?? '0'),
    {
      field: 'last_conversion',
      headerName: t('columns.lastConversion'),
      minWidth: 120,
      sortable: false,
      renderCell: ({ row }) => {
        const last = statsOf(row)?.last_conversion_at;
        return (
          <Box sx={{ whiteSpace: 'nowrap' }} data-testid="affiliate-last-conversion">
            {last ? formatDate(last, i18n.language) : t('never')}
          </Box>
        );
      },
    },
    {
      field: 'created_at',
      headerName: t('columns.since'),
      minWidth: 120,
      renderCell: ({ row }) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at, i18n.language)}</Box>,
    },
  ];

  return (
    <>
      <SectionHeader
        title={t('sections:titles.affiliates')}
        subtitle={accountType === 'host' ? t('subtitleHost') : t('sections:descriptions.affiliates')}
        actions={
          <TextField
            size="small"
            type="search"
            placeholder={t('search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': t('search'), 'data-testid': 'affiliates-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        }
      />
      <QueryStatus loading={affiliates.isPending} error={affiliates.error} onRetry={() => void affiliates.refetch()} />
      {affiliates.isSuccess && (
        <Card>
          <ServerGrid
            label={t('sections:titles.affiliates')}
            rows={rows}
            columns={columns}
            getRowId={(row) => row.id}
            rowTestId="affiliate-row"
            sorting={list.sortingOf({ name: 'name', created_at: 'created_at' })}
            paging={list.pagingOf(total)}
            loading={affiliates.isFetching && affiliates.isPlaceholderData}
            empty={
              <Typography color="text.secondary">
                {query ? t('noMatches', { query }) : accountType === 'brand' ? t('emptyBrand') : t('emptyHost')}
              </Typography>
            }
            emptyTestId="affiliates-empty"
            // What gives way on a narrow screen: since when, how many campaigns and clicks, the last conversion.
            hideFirst={['created_at', 'campaigns', 'clicks', 'last_conversion']}
          />
        </Card>
      )}
    </>
  );
}
