import { Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, tooLongMessage, type FieldInfos } from '../../api/errors';
import type { Payout } from '../../api/generated/model';
import { usePayPayout } from '../../api/generated/payouts/payouts';
import { FormDialog } from '../../components/FormDialog';
import { LengthHelper } from '../../components/LengthHelper';
import { useForm } from '../../forms/useForm';
import { formatAmount } from '../../preferences/format';

const REFERENCE = contractLimits.PayoutPayment.reference;

/** Marks a pending payout paid with the payment's reference; it closes once the server has saved. */
export function PayDialog({ payout, onClose, onPaid }: { payout: Payout; onClose: () => void; onPaid: (payout: Payout) => void }) {
  const { t } = useTranslation(['payouts', 'common']);
  const pay = usePayPayout();
  const fields: FieldInfos = { reference: { label: t('pay.reference'), limits: REFERENCE } };
  const form = useForm({
    initial: { reference: '' },
    fields,
    validate: ({ reference }) => {
      const typed = reference.trim();
      return {
        reference: typed === '' ? t('pay.referenceRequired') : typed.length > REFERENCE.maxLength ? tooLongMessage(REFERENCE.maxLength) : undefined,
      };
    },
    send: ({ reference }) => pay.mutateAsync({ id: payout.id, data: { reference: reference.trim() } }),
    onSaved: (response) => onPaid(response.data.payout),
    refusal: (failure) => errorMessage(failure, t('toasts.failedMessage'), { fields }),
  });

  return (
    <FormDialog
      title={t('pay.title', { affiliate: payout.affiliate_name })}
      busy={form.pending}
      onClose={onClose}
      onSubmit={form.submit}
      submitLabel={t('pay.submit')}
      error={form.formError}
      testId="pay-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography data-testid="pay-summary">
          {t('pay.summary', { amount: formatAmount(payout.amount, payout.currency), count: payout.conversion_count })}
        </Typography>
        <TextField
          {...form.field('reference')}
          label={t('pay.reference')}
          helperText={
            form.errors.reference ?? <LengthHelper text={t('pay.referenceHelp')} length={form.values.reference.length} max={REFERENCE.maxLength} />
          }
          required
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'pay-reference' } }}
        />
      </Stack>
    </FormDialog>
  );
}
