import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../preferences/CurrencyProvider';
import { currencies, isCurrency } from '../preferences/format';

/** RON / EUR / USD display-currency picker. */
export function CurrencySelect({ testId = 'currency-select' }: { testId?: string }) {
  const { t } = useTranslation();
  const { currency, setCurrency } = useCurrency();
  return (
    <TextField
      select
      size="small"
      label={t('currency.label')}
      value={currency}
      onChange={(event) => {
        if (isCurrency(event.target.value)) setCurrency(event.target.value);
      }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
      sx={{ minWidth: 96 }}
    >
      {currencies.map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </TextField>
  );
}
