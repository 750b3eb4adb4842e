import { Box, Typography } from '@mui/material';
import { useCurrency } from '../preferences/CurrencyProvider';
import { formatAmount } from '../preferences/format';

/**
 * An amount of a list in the display currency (RON, EUR or USD, as on the dashboards), converted
 * exactly at the display rates; the original amount and currency stay visible on a second line.
 * An amount already in the display currency, in one without a rate, or while no rates could be
 * fetched, is shown as it is.
 */
export function DisplayAmount({ amount, currency, testId }: { amount: string; currency: string; testId?: string }) {
  const { currency: display, toDisplay, live } = useCurrency();
  const original = formatAmount(amount, currency);
  // Without rates (every one 1) a conversion would be wrong: the amount stays as it is.
  const shown = !live || currency === display ? null : toDisplay(amount, currency);
  if (shown === null) {
    return (
      <Box component="span" data-testid={testId}>
        {original}
      </Box>
    );
  }
  return (
    <Box component="span" data-testid={testId} title={original}>
      <span data-testid="display-amount">{formatAmount(shown, display)}</span>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="original-amount">
        {original}
      </Typography>
    </Box>
  );
}
