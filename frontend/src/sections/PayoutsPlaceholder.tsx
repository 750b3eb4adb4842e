import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../shell/pages';
import { SectionHeader } from './SectionHeader';

/** Payouts for affiliates ('payment history') and the host ('all payouts'); the buttons wait for the payouts issue. */
export default function PayoutsPlaceholder({ accountType }: SectionProps) {
  const { t } = useTranslation('sections');
  const texts =
    accountType === 'affiliate'
      ? { card: t('payouts.paymentHistory'), help: t('payouts.paymentHistoryHelp'), action: t('payouts.viewPayments') }
      : { card: t('payouts.allPayouts'), help: t('payouts.platformPayouts'), action: t('payouts.managePayouts') };
  return (
    <>
      <SectionHeader title={t('titles.payouts')} subtitle={t('descriptions.payouts')} />
      <Card>
        <CardContent>
          <Typography variant="h6">{texts.card}</Typography>
          <Typography color="text.secondary">{texts.help}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('inProgress')}
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="outlined" disabled>
            {texts.action}
          </Button>
        </CardActions>
      </Card>
    </>
  );
}
