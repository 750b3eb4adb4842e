import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useGetEarnings } from '../../api/generated/conversions/conversions';
import { QueryStatus } from '../../components/QueryStatus';
import { DisplayAmount } from '../../components/DisplayAmount';
import { FitTableContainer } from '../../components/FitTable';
import { MoneyCell } from '../../components/MoneyCell';
import { useCurrency } from '../../preferences/CurrencyProvider';
import { formatAmount } from '../../preferences/format';
import { SectionHeader } from '../SectionHeader';
import { earningKinds, totalEarnings } from './earningsTotals';

/**
 * An affiliate's earnings: pending, confirmed, paid and reversed commission in the display
 * currency, and the same per campaign currency as earned.
 */
export default function EarningsPage() {
  const { t } = useTranslation(['earnings', 'conversions', 'sections']);
  const { currency, toDisplay } = useCurrency();
  const earnings = useGetEarnings();
  const rows = earnings.data?.data.earnings ?? [];
  const { totals, conversions, unconverted } = totalEarnings(rows, toDisplay);

  return (
    <>
      <SectionHeader
        title={t('sections:titles.earnings')}
        subtitle={t('subtitle')}
        actions={
          <Button component={RouterLink} to="/conversions" endIcon={<ArrowForwardIcon />} data-testid="earnings-conversions">
            {t('seeConversions')}
          </Button>
        }
      />
      <QueryStatus loading={earnings.isPending} error={earnings.error} onRetry={() => void earnings.refetch()} />
      {earnings.isSuccess && (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            {earningKinds.map((kind) => (
              <Grid key={kind} size={{ xs: 12, sm: 6, lg: 3 }}>
                <Card sx={{ height: '100%' }} data-testid={`earnings-${kind}`}>
                  <CardContent>
                    <Typography variant="subtitle2" component="h2" color="text.secondary">
                      {t(`totals.${kind}`)}
                    </Typography>
                    <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums', my: 1 }} data-testid="earnings-amount">
                      {formatAmount(totals[kind], currency)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`totals.${kind}Help`)}
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
          {rows.length === 0 ? (
            <Card data-testid="earnings-empty">
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t('empty.title')}
                </Typography>
                <Typography color="text.secondary">{t('empty.text')}</Typography>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardContent sx={{ pb: 0 }}>
                <Typography variant="h6" component="h2">
                  {t('byCurrency')}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="earnings-count">
                  {t('conversions', { count: conversions })} {t('byCurrencyHelp')}
                </Typography>
                {unconverted.length > 0 && (
                  <Alert severity="warning" sx={{ mt: 2 }} data-testid="earnings-unconverted">
                    {t('noRate', { currencies: unconverted.join(', ') })}
                  </Alert>
                )}
              </CardContent>
              {/* A plain table, not a ServerGrid: one row per commission currency, a handful at most, never paged. */}
              <FitTableContainer cards tabIndex={0} role="region" aria-label={t('byCurrency')}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('columns.currency')}</TableCell>
                      {earningKinds.map((kind) => (
                        <TableCell key={kind} align="right">
                          {t(`totals.${kind}`)}
                        </TableCell>
                      ))}
                      <TableCell align="right">{t('columns.conversions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow key={row.currency} data-testid="earnings-row" data-currency={row.currency}>
                        <TableCell sx={{ fontWeight: 600 }} data-label={t('columns.currency')}>
                          {row.currency}
                        </TableCell>
                        {earningKinds.map((kind) => (
                          <MoneyCell key={kind} label={t(`totals.${kind}`)}>
                            <DisplayAmount amount={row[kind]} currency={row.currency} />
                          </MoneyCell>
                        ))}
                        <MoneyCell label={t('columns.conversions')}>{row.conversions}</MoneyCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </FitTableContainer>
              <Box sx={{ height: 8 }} />
            </Card>
          )}
        </>
      )}
    </>
  );
}
