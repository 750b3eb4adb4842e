import AddIcon from '@mui/icons-material/AddOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, FormHelperText, Grid, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CommissionType, CurrencyCode, TierBasis } from '../../api/generated/model';
import { decimalExample } from '../../preferences/format';
import {
  PRODUCT_RATES_MAX,
  TIERS_MAX,
  commissionTypes,
  productMatches,
  tierBases,
  type ProductRateRow,
  type TierRow,
} from './campaignForm';

/**
 * The campaign form's richer rules (docs/product.md §6.1): products with their own rate, and
 * performance tiers that replace the campaign's rate once an affiliate's month reaches a threshold.
 */
export function CampaignRulesFields({
  rates,
  onRates,
  ratesError,
  basis,
  onBasis,
  tiers,
  onTiers,
  tiersError,
  commissionType,
  currency,
}: {
  rates: ProductRateRow[];
  onRates: (rates: ProductRateRow[]) => void;
  ratesError?: string;
  basis: TierBasis;
  onBasis: (basis: TierBasis) => void;
  tiers: TierRow[];
  onTiers: (tiers: TierRow[]) => void;
  tiersError?: string;
  commissionType: CommissionType;
  currency: CurrencyCode;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const setRate = (index: number, change: Partial<ProductRateRow>) =>
    onRates(rates.map((rate, i) => (i === index ? { ...rate, ...change } : rate)));
  const setTier = (index: number, change: Partial<TierRow>) => onTiers(tiers.map((tier, i) => (i === index ? { ...tier, ...change } : tier)));
  const valueExample = (type: CommissionType) => decimalExample(type === 'percentage' ? '0.15' : '5.00', i18n.language);

  return (
    <Stack spacing={2}>
      <Box data-testid="product-rates">
        <Typography variant="subtitle2">{t('rules.productRates')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('rules.productRatesHelp')}
        </Typography>
        {rates.map((rate, index) => (
          <Grid container spacing={1} key={index} sx={{ mb: 1 }} data-testid="product-rate">
            <Grid size={{ xs: 6, sm: 2.5 }}>
              <TextField
                select
                size="small"
                fullWidth
                label={t('rules.match')}
                value={rate.match}
                onChange={(event) => setRate(index, { match: event.target.value as ProductRateRow['match'] })}
                slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'product-rate-match' } }}
              >
                {productMatches.map((match) => (
                  <option key={match} value={match}>
                    {t(`rules.matches.${match}`)}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 6, sm: 2.5 }}>
              <TextField
                size="small"
                fullWidth
                label={t('rules.key')}
                value={rate.match_value}
                onChange={(event) => setRate(index, { match_value: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'product-rate-key' } }}
              />
            </Grid>
            <Grid size={{ xs: 5, sm: 3 }}>
              <TextField
                select
                size="small"
                fullWidth
                label={t('fields.commission_type')}
                value={rate.commission_type}
                onChange={(event) => setRate(index, { commission_type: event.target.value as CommissionType })}
                slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'product-rate-type' } }}
              >
                {commissionTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`commissionType.${type}`)}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 5, sm: 3 }}>
              <TextField
                size="small"
                fullWidth
                label={rate.commission_type === 'fixed' ? t('rules.perUnit') : t('fields.commission_value')}
                value={rate.commission_value}
                placeholder={valueExample(rate.commission_type)}
                onChange={(event) => setRate(index, { commission_value: event.target.value })}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', 'data-testid': 'product-rate-value' },
                  input: {
                    endAdornment: rate.commission_type === 'fixed' ? <InputAdornment position="end">{currency}</InputAdornment> : undefined,
                  },
                }}
              />
            </Grid>
            <Grid size={{ xs: 2, sm: 1 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <IconButton aria-label={t('rules.removeRate')} onClick={() => onRates(rates.filter((_, i) => i !== index))} size="small">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Grid>
          </Grid>
        ))}
        {ratesError && <FormHelperText error>{ratesError}</FormHelperText>}
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={rates.length >= PRODUCT_RATES_MAX}
          onClick={() => onRates([...rates, { match: 'sku', match_value: '', commission_type: commissionType, commission_value: '' }])}
          data-testid="add-product-rate"
        >
          {t('rules.addRate')}
        </Button>
      </Box>

      <Box data-testid="tiers">
        <Typography variant="subtitle2">{t('rules.tiers')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('rules.tiersHelp')}
        </Typography>
        {tiers.length > 0 && (
          <TextField
            select
            size="small"
            label={t('rules.basis')}
            value={basis}
            onChange={(event) => onBasis(event.target.value as TierBasis)}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'tier-basis' } }}
            sx={{ mb: 1, minWidth: 260 }}
          >
            {tierBases.map((b) => (
              <option key={b} value={b}>
                {t(`rules.bases.${b}`)}
              </option>
            ))}
          </TextField>
        )}
        {tiers.map((tier, index) => (
          <Grid container spacing={1} key={index} sx={{ mb: 1 }} data-testid="tier">
            <Grid size={{ xs: 5 }}>
              <TextField
                size="small"
                fullWidth
                label={basis === 'revenue' ? t('rules.thresholdRevenue', { currency }) : t('rules.thresholdConversions')}
                value={tier.threshold}
                onChange={(event) => setTier(index, { threshold: event.target.value })}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'tier-threshold' } }}
              />
            </Grid>
            <Grid size={{ xs: 5 }}>
              <TextField
                size="small"
                fullWidth
                label={t('rules.tierValue')}
                value={tier.value}
                placeholder={valueExample(commissionType)}
                onChange={(event) => setTier(index, { value: event.target.value })}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', 'data-testid': 'tier-value' },
                  input: {
                    endAdornment: commissionType === 'fixed' ? <InputAdornment position="end">{currency}</InputAdornment> : undefined,
                  },
                }}
              />
            </Grid>
            <Grid size={{ xs: 2 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <IconButton aria-label={t('rules.removeTier')} onClick={() => onTiers(tiers.filter((_, i) => i !== index))} size="small">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Grid>
          </Grid>
        ))}
        {tiersError && <FormHelperText error>{tiersError}</FormHelperText>}
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={tiers.length >= TIERS_MAX}
          onClick={() => onTiers([...tiers, { threshold: '', value: '' }])}
          data-testid="add-tier"
        >
          {t('rules.addTier')}
        </Button>
      </Box>
    </Stack>
  );
}
