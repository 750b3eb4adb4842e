import { Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, fieldErrorsFrom, isServerRefusal, tooLongMessage, type FieldInfos } from '../../api/errors';
import type { Payout } from '../../api/generated/model';
import { usePayPayout } from '../../api/generated/payouts/payouts';
import { FormDialog } from '../../components/FormDialog';
import { LengthHelper } from '../../components/LengthHelper';
import { formatAmount } from '../../preferences/format';

const REFERENCE = contractLimits.PayoutPayment.reference;

/** Marks a pending payout paid with the payment's reference; it closes once the server has saved. */
export function PayDialog({ payout, onClose, onPaid }: { payout: Payout; onClose: () => void; onPaid: (payout: Payout) => void }) {
  const { t } = useTranslation(['payouts', 'common']);
  const pay = usePayPayout();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const fields: FieldInfos = { reference: { label: t('pay.reference'), limits: REFERENCE } };

  const submit = async () => {
    const typed = reference.trim();
    const found = typed === '' ? t('pay.referenceRequired') : typed.length > REFERENCE.maxLength ? tooLongMessage(REFERENCE.maxLength) : undefined;
    setError(found);
    setRefusal(null);
    if (found) return;
    try {
      const response = await pay.mutateAsync({ id: payout.id, data: { reference: typed } });
      onPaid(response.data.payout);
    } catch (failure) {
      const byField = isServerRefusal(failure) ? fieldErrorsFrom(failure, fields) : {};
      if (byField.reference) {
        setError(byField.reference);
        return;
      }
      setRefusal(errorMessage(failure, t('toasts.failedMessage'), { fields }));
    }
  };

  return (
    <FormDialog
      title={t('pay.title', { affiliate: payout.affiliate_name })}
      busy={pay.isPending}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('pay.submit')}
      error={refusal}
      testId="pay-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography data-testid="pay-summary">
          {t('pay.summary', { amount: formatAmount(payout.amount, payout.currency), count: payout.conversion_count })}
        </Typography>
        <TextField
          name="reference"
          label={t('pay.reference')}
          value={reference}
          onChange={(event) => {
            setReference(event.target.value);
            setError(undefined);
          }}
          error={Boolean(error)}
          helperText={error ?? <LengthHelper text={t('pay.referenceHelp')} length={reference.length} max={REFERENCE.maxLength} />}
          required
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'pay-reference' } }}
        />
      </Stack>
    </FormDialog>
  );
}
