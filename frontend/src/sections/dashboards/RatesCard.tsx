import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../preferences/CurrencyProvider';
import { multiplyDecimal } from '../../preferences/decimal';
import { currencies, formatAmount } from '../../preferences/format';

/** What 100 RON is worth in each display currency, from the platform's rates. */
export function RatesCard() {
  const { t } = useTranslation('sections');
  const { rates, ready, live } = useCurrency();
  return (
    <Card data-testid="rates-card">
      <CardContent>
        <Typography variant="h6">{t('dashboard.rates')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {ready && !live ? t('dashboard.ratesUnavailable') : t('dashboard.ratesHelp')}
        </Typography>
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
          {currencies.map((code) => (
            <Typography key={code} variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {ready ? formatAmount(multiplyDecimal('100', rates[code] ?? '1'), code) : '…'}
            </Typography>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
