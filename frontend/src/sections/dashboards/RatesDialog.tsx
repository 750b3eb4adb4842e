import { Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useSetCurrencyRates } from '../../api/generated/settings/settings';
import { FormDialog } from '../../components/FormDialog';
import { useForm, type FieldErrors } from '../../forms/useForm';
import type { TextKey } from '../../i18n/keys';
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
export function rateError(typed: string): TextKey<'sections'> | null {
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
  const form = useForm({
    initial: { EUR: rates.EUR ?? '', USD: rates.USD ?? '' } satisfies Record<Edited, string>,
    validate: (values) => {
      const found: FieldErrors<Edited> = {};
      for (const code of EDITED) {
        const key = rateError(values[code]);
        if (key) found[code] = t(key);
      }
      return found;
    },
    // The server names the rates 'rates.EUR' and 'rates.USD'.
    fieldOf: (field) => EDITED.find((code) => field === `rates.${code}`),
    send: async (values) => {
      await save.mutateAsync({ data: { rates: { EUR: normalizeDecimal(values.EUR), USD: normalizeDecimal(values.USD) } } });
      await queryClient.invalidateQueries({ queryKey: DISPLAY_RATES_QUERY_KEY });
    },
    onSaved,
    refusal: (error) => errorMessage(error, t('dashboard.ratesFailed')),
  });

  return (
    <FormDialog
      title={t('dashboard.editRates')}
      busy={form.pending}
      onClose={onClose}
      onSubmit={form.submit}
      submitLabel={t('dashboard.saveRates')}
      error={form.formError}
      testId="rates-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary">{t('dashboard.ratesEditHelp')}</Typography>
        {EDITED.map((code, index) => (
          <TextField
            key={code}
            {...form.field(code, ' ')}
            label={t('dashboard.rateOf', { currency: code })}
            required
            autoFocus={index === 0}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `rate-${code}` } }}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
