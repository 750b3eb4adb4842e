import { Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, tooLongMessage, type FieldInfos } from '../../api/errors';
import { useAdjustConversionCommission } from '../../api/generated/conversions/conversions';
import type { Conversion } from '../../api/generated/model';
import { FormDialog } from '../../components/FormDialog';
import { LengthHelper } from '../../components/LengthHelper';
import { useForm } from '../../forms/useForm';
import type { TextKey } from '../../i18n/keys';
import { hasAtMostTwoDecimals, normalizeDecimal } from '../../preferences/decimal';
import { formatAmount } from '../../preferences/format';

const REASON = contractLimits.CommissionAdjustment.reason;
/** MoneyInput: at most 12 digits before the point. */
const MAX_WHOLE_DIGITS = 12;

/** What is wrong with a typed commission (a text key), or null when it can be sent. */
export function commissionError(typed: string): TextKey<'conversions'> | null {
  const amount = normalizeDecimal(typed);
  if (!hasAtMostTwoDecimals(amount) || amount.split('.')[0].replace(/^0+(?=\d)/, '').length > MAX_WHOLE_DIGITS) {
    return 'adjust.amountInvalid';
  }
  return null;
}

/**
 * Sets a conversion's commission to another amount, with the reason the activity log keeps. Render
 * it only for a conversion whose commission can change; it closes once the server has saved.
 */
export function AdjustCommissionDialog({
  conversion,
  onClose,
  onSaved,
}: {
  conversion: Conversion;
  onClose: () => void;
  onSaved: (conversion: Conversion) => void;
}) {
  const { t } = useTranslation(['conversions', 'common']);
  const adjust = useAdjustConversionCommission();
  const fields: FieldInfos = {
    commission_amount: { label: t('adjust.amount', { currency: conversion.commission_currency }) },
    reason: { label: t('adjust.reason'), limits: REASON },
  };
  const form = useForm({
    initial: { commission_amount: conversion.commission_amount, reason: '' },
    fields,
    validate: ({ commission_amount, reason }) => {
      const amountKey = commissionError(commission_amount);
      return {
        commission_amount: amountKey ? t(amountKey) : undefined,
        reason:
          reason.trim() === ''
            ? t('adjust.reasonRequired')
            : reason.trim().length > REASON.maxLength
              ? tooLongMessage(REASON.maxLength)
              : undefined,
      };
    },
    send: ({ commission_amount, reason }) =>
      adjust.mutateAsync({ id: conversion.id, data: { commission_amount: normalizeDecimal(commission_amount), reason: reason.trim() } }),
    onSaved: (response) => onSaved(response.data.conversion),
    refusal: (error) => errorMessage(error, t('toasts.failedMessage'), { fields }),
  });
  const { values, errors } = form;

  return (
    <FormDialog
      title={t('adjust.title', { order: conversion.order_id })}
      busy={form.pending}
      onClose={onClose}
      onSubmit={form.submit}
      submitLabel={t('adjust.submit')}
      error={form.formError}
      testId="adjust-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary" data-testid="adjust-current">
          {t('adjust.current', { amount: formatAmount(conversion.commission_amount, conversion.commission_currency) })}
        </Typography>
        <TextField
          label={t('adjust.amount', { currency: conversion.commission_currency })}
          {...form.field('commission_amount', t('adjust.amountHelp'))}
          required
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'adjust-amount' } }}
        />
        <TextField
          {...form.field('reason')}
          label={t('adjust.reason')}
          helperText={errors.reason ?? <LengthHelper text={t('adjust.reasonHelp')} length={values.reason.length} max={REASON.maxLength} />}
          required
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': 'adjust-reason' } }}
        />
      </Stack>
    </FormDialog>
  );
}
