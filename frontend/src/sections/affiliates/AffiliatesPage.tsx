import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Card,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getListAffiliatesQueryKey, listAffiliates } from '../../api/generated/affiliates/affiliates';
import type { AccountType, AffiliateStats } from '../../api/generated/model';
import { DisplayAmount } from '../../components/DisplayAmount';
import { FitTableContainer, lessImportant } from '../../components/FitTable';
import { MoneyCell } from '../../components/MoneyCell';
import { QueryStatus } from '../../components/QueryStatus';
import { useDebounced } from '../../components/useDebounced';
import { formatCount, formatDate, formatRate } from '../../preferences/format';
import { SectionHeader } from '../SectionHeader';

/** Affiliates with their statistics: a brand's are those in its campaigns; the host sees all. */
export default function AffiliatesPage({ accountType }: { accountType: AccountType }) {
  const { t, i18n } = useTranslation(['affiliates', 'sections']);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const params = { ...(query ? { query } : {}), limit: 1000 };
  const affiliates = useQuery({
    queryKey: getListAffiliatesQueryKey(params),
    // The call adds a timestamp so no cache in between answers an old list.
    queryFn: ({ signal }) => listAffiliates({ ...params, ts: String(Date.now()) }, { signal }),
    placeholderData: keepPreviousData,
  });
  const list = affiliates.data?.data.affiliates ?? [];

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
          {list.length === 0 ? (
            <Box sx={{ p: 3 }} data-testid="affiliates-empty">
              <Typography color="text.secondary">
                {query ? t('noMatches', { query }) : accountType === 'brand' ? t('emptyBrand') : t('emptyHost')}
              </Typography>
            </Box>
          ) : (
            <FitTableContainer tabIndex={0} role="region" aria-label={t('sections:titles.affiliates')}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('columns.affiliate')}</TableCell>
                    <TableCell align="right" className={lessImportant}>
                      {t('columns.campaigns')}
                    </TableCell>
                    <TableCell align="right" className={lessImportant}>
                      {t('columns.clicks')}
                    </TableCell>
                    <TableCell align="right">{t('columns.conversions')}</TableCell>
                    <TableCell align="right" title={t('columns.conversionRateHelp')}>
                      {t('columns.conversionRate')}
                    </TableCell>
                    <TableCell align="right">{t('columns.revenue')}</TableCell>
                    <TableCell align="right">{t('columns.commission')}</TableCell>
                    <TableCell className={lessImportant}>{t('columns.lastConversion')}</TableCell>
                    <TableCell className={lessImportant}>{t('columns.since')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((affiliate) => {
                    const s = affiliate.stats as AffiliateStats | undefined;
                    return (
                      <TableRow key={affiliate.id} hover data-testid="affiliate-row">
                        <TableCell>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {affiliate.name}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {affiliate.email}
                          </Typography>
                        </TableCell>
                        <MoneyCell className={lessImportant}>{s?.campaigns_joined ?? 0}</MoneyCell>
                        <MoneyCell className={lessImportant}>{s?.total_clicks ?? 0}</MoneyCell>
                        <MoneyCell>{s?.conversions ?? 0}</MoneyCell>
                        <MoneyCell>{formatRate(s?.conversion_rate ?? '0.00', i18n.language)}</MoneyCell>
                        {/* The server answers money in RON; it is shown in the chosen display currency, the RON beneath. */}
                        <MoneyCell>
                          <DisplayAmount amount={s?.revenue ?? '0'} currency="RON" />
                        </MoneyCell>
                        <MoneyCell>
                          <DisplayAmount amount={s?.commission ?? '0'} currency="RON" />
                        </MoneyCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }} className={lessImportant} data-testid="affiliate-last-conversion">
                          {s?.last_conversion_at ? formatDate(s.last_conversion_at, i18n.language) : t('never')}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }} className={lessImportant}>
                          {formatDate(affiliate.created_at, i18n.language)}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </FitTableContainer>
          )}
          {(affiliates.data?.data.total ?? 0) > list.length && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 2 }}>
              {t('showing', { shown: formatCount(list.length, i18n.language), total: formatCount(affiliates.data?.data.total ?? list.length, i18n.language) })}
            </Typography>
          )}
        </Card>
      )}
    </>
  );
}
