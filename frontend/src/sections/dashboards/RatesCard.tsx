import EditIcon from '@mui/icons-material/EditOutlined';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../toasts/ToastProvider';
import { useCurrency } from '../../preferences/CurrencyProvider';
import { multiplyDecimal } from '../../preferences/decimal';
import { currencies, formatAmount } from '../../preferences/format';
import { RatesDialog } from './RatesDialog';

/** What 100 RON is worth in each display currency, from the platform's rates; the host edits them. */
export function RatesCard({ editable = false }: { editable?: boolean }) {
  const { t } = useTranslation('sections');
  const toast = useToast();
  const { rates, ready, live } = useCurrency();
  const [editing, setEditing] = useState(false);
  return (
    <Card data-testid="rates-card">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6">{t('dashboard.rates')}</Typography>
          {editable && ready && live && (
            <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="rates-edit">
              {t('dashboard.editRates')}
            </Button>
          )}
        </Stack>
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
      {editing && (
        <RatesDialog
          rates={rates}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            toast({ severity: 'success', message: t('dashboard.ratesSaved') });
          }}
        />
      )}
    </Card>
  );
}
