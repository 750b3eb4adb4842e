import { Card, Grid, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConversionStatus, SortOrderParameter, ListConversionsSort } from '../../api/generated/model';
import { affiliateChoices, campaignChoices } from '../../api/choices';
import { SearchSelect } from '../../components/SearchSelect';
import { periods, type ConversionFilters, type Period } from './conversionFilters';

/** The conversions page's filters: period (or from/to), status, campaign, affiliate, sort and order. */
export function ConversionFiltersBar({
  filters,
  onChange,
  campaignName,
  affiliateName,
  byAffiliate,
}: {
  filters: ConversionFilters;
  onChange: (changes: Partial<ConversionFilters>) => void;
  /** The chosen campaign's and affiliate's names, when known (from the rows they filter). */
  campaignName?: string;
  affiliateName?: string;
  /** Whether the list can be filtered by affiliate (not an affiliate's own list). */
  byAffiliate: boolean;
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
          <SearchSelect
            label={t('filters.campaign')}
            placeholder={t('filters.anyCampaign')}
            value={filters.campaignId}
            selectedName={campaignName}
            onChange={(campaignId) => onChange({ campaignId })}
            search={campaignChoices}
            queryKey="campaigns"
            testId="filter-campaign"
          />
        </Grid>
        {byAffiliate && (
          <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
            <SearchSelect
              label={t('filters.affiliate')}
              placeholder={t('filters.anyAffiliate')}
              value={filters.affiliateId}
              selectedName={affiliateName}
              onChange={(affiliateId) => onChange({ affiliateId })}
              search={affiliateChoices}
              queryKey="affiliates"
              testId="filter-affiliate"
            />
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
