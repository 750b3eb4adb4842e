import { Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsFrom, isServerRefusal } from '../../api/errors';
import { useSetCurrencyRates } from '../../api/generated/settings/settings';
import { FormDialog } from '../../components/FormDialog';
import { DISPLAY_RATES_QUERY_KEY, type Rates } from '../../preferences/currencyRates';
import { normalizeDecimal } from '../../preferences/decimal';

const EDITED = ['EUR', 'USD'] as const;
type Edited = (typeof EDITED)[number];
/** RateInput: from 0.0001 to 100000, with at most 10 decimals (the bounds the server keeps). */
const RATE = /^(\d{1,6})(?:\.(\d{1,10}))?$/;
/** The bounds in units of 10^-10, compared exactly. */
const MIN_RATE = 1_000_000n;
const MAX_RATE = 1_000_000_000_000_000n;

/** What a typed rate is wrong about (a text key), or null when it can be sent. */
export function rateError(typed: string): string | null {
  const match = RATE.exec(normalizeDecimal(typed));
  if (!match) return 'dashboard.rateInvalid';
  const units = BigInt(match[1] + (match[2] ?? '').padEnd(10, '0'));
  return units >= MIN_RATE && units <= MAX_RATE ? null : 'dashboard.rateInvalid';
}

/** The host sets what 1 RON is worth in EUR and USD; it closes once the server has saved. */
export function RatesDialog({ rates, onClose, onSaved }: { rates: Rates; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('sections');
  const queryClient = useQueryClient();
  const save = useSetCurrencyRates();
  const [values, setValues] = useState<Record<Edited, string>>({ EUR: rates.EUR ?? '', USD: rates.USD ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Edited, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    const found: Partial<Record<Edited, string>> = {};
    for (const code of EDITED) {
      const key = rateError(values[code]);
      if (key) found[code] = t(key);
    }
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ data: { rates: { EUR: normalizeDecimal(values.EUR), USD: normalizeDecimal(values.USD) } } });
      await queryClient.invalidateQueries({ queryKey: DISPLAY_RATES_QUERY_KEY });
      onSaved();
    } catch (error) {
      const byField = isServerRefusal(error) ? fieldErrorsFrom(error) : {};
      if (byField['rates.EUR'] || byField['rates.USD']) {
        setErrors({ EUR: byField['rates.EUR'], USD: byField['rates.USD'] });
        return;
      }
      setRefusal(errorMessage(error, t('dashboard.ratesFailed')));
    }
  };

  return (
    <FormDialog
      title={t('dashboard.editRates')}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('dashboard.saveRates')}
      error={refusal}
      testId="rates-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary">{t('dashboard.ratesEditHelp')}</Typography>
        {EDITED.map((code, index) => (
          <TextField
            key={code}
            name={code}
            label={t('dashboard.rateOf', { currency: code })}
            value={values[code]}
            onChange={(event) => {
              setValues((current) => ({ ...current, [code]: event.target.value }));
              setErrors((current) => ({ ...current, [code]: undefined }));
            }}
            error={Boolean(errors[code])}
            helperText={errors[code] ?? ' '}
            required
            autoFocus={index === 0}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `rate-${code}` } }}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
