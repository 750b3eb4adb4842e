import { Card, Grid, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConversionStatus, SortOrderParameter, ListConversionsSort } from '../../api/generated/model';
import { periods, type ConversionFilters, type Period } from './conversionFilters';

interface Option {
  id: string;
  name: string;
}

/** The conversions page's filters: period (or from/to), status, campaign, affiliate, sort and order. */
export function ConversionFiltersBar({
  filters,
  onChange,
  campaigns,
  affiliates,
}: {
  filters: ConversionFilters;
  onChange: (changes: Partial<ConversionFilters>) => void;
  campaigns: Option[];
  /** Null hides the affiliate filter (an affiliate's own list). */
  affiliates: Option[] | null;
}) {
  const { t } = useTranslation('conversions');
  const select = (testId: string) => ({
    select: true,
    size: 'small' as const,
    fullWidth: true,
    slotProps: { select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } },
  });

  return (
    <Card component="section" aria-label={t('filters.label')} sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <TextField
            {...select('filter-period')}
            label={t('filters.range')}
            value={filters.period}
            onChange={(event) => onChange({ period: event.target.value as Period })}
          >
            {periods
              .filter((period) => period !== 'custom')
              .map((period) => (
                <option key={period} value={period}>
                  {t(`filters.ranges.${period}`)}
                </option>
              ))}
            <option value="custom">{t('filters.custom')}</option>
          </TextField>
        </Grid>
        {filters.period === 'custom' && (
          <>
            <Grid size={{ xs: 6, sm: 3, md: 4, xl: 2 }}>
              <TextField
                type="date"
                size="small"
                fullWidth
                label={t('filters.from')}
                value={filters.from}
                onChange={(event) => onChange({ from: event.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-from', max: filters.to || undefined } }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 3, md: 4, xl: 2 }}>
              <TextField
                type="date"
                size="small"
                fullWidth
                label={t('filters.to')}
                value={filters.to}
                onChange={(event) => onChange({ to: event.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-to', min: filters.from || undefined } }}
              />
            </Grid>
          </>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <TextField
            {...select('filter-status')}
            label={t('filters.status')}
            value={filters.status}
            onChange={(event) => onChange({ status: event.target.value as ConversionFilters['status'] })}
          >
            <option value="">{t('filters.anyStatus')}</option>
            {Object.values(ConversionStatus).map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <TextField
            {...select('filter-campaign')}
            label={t('filters.campaign')}
            value={filters.campaignId}
            onChange={(event) => onChange({ campaignId: event.target.value })}
          >
            <option value="">{t('filters.anyCampaign')}</option>
            {campaigns.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.name}
              </option>
            ))}
          </TextField>
        </Grid>
        {affiliates && (
          <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
            <TextField
              {...select('filter-affiliate')}
              label={t('filters.affiliate')}
              value={filters.affiliateId}
              onChange={(event) => onChange({ affiliateId: event.target.value })}
            >
              <option value="">{t('filters.anyAffiliate')}</option>
              {affiliates.map((affiliate) => (
                <option key={affiliate.id} value={affiliate.id}>
                  {affiliate.name}
                </option>
              ))}
            </TextField>
          </Grid>
        )}
        <Grid size={{ xs: 6, sm: 3, md: 4, xl: 2 }}>
          <TextField
            {...select('filter-sort')}
            label={t('filters.sort')}
            value={filters.sort}
            onChange={(event) => onChange({ sort: event.target.value as ListConversionsSort })}
          >
            {Object.values(ListConversionsSort).map((sort) => (
              <option key={sort} value={sort}>
                {t(`filters.sorts.${sort}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 3, md: 4, xl: 2 }}>
          <TextField
            {...select('filter-order')}
            label={t('filters.order')}
            value={filters.order}
            onChange={(event) => onChange({ order: event.target.value as SortOrderParameter })}
          >
            {Object.values(SortOrderParameter).map((order) => (
              <option key={order} value={order}>
                {t(`filters.orders.${order}`)}
              </option>
            ))}
          </TextField>
        </Grid>
      </Grid>
    </Card>
  );
}
