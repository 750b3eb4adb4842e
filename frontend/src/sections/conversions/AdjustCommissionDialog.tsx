import { Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, fieldErrorsFrom, isServerRefusal, tooLongMessage, type FieldInfos } from '../../api/errors';
import { useAdjustConversionCommission } from '../../api/generated/conversions/conversions';
import type { Conversion } from '../../api/generated/model';
import { FormDialog } from '../../components/FormDialog';
import { LengthHelper } from '../../components/LengthHelper';
import { hasAtMostTwoDecimals, normalizeDecimal } from '../../preferences/decimal';
import { formatAmount } from '../../preferences/format';

const REASON = contractLimits.CommissionAdjustment.reason;
/** MoneyInput: at most 12 digits before the point. */
const MAX_WHOLE_DIGITS = 12;

/** What is wrong with a typed commission (a text key), or null when it can be sent. */
export function commissionError(typed: string): string | null {
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
  const [amount, setAmount] = useState(conversion.commission_amount);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ commission_amount?: string; reason?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const fields: FieldInfos = {
    commission_amount: { label: t('adjust.amount', { currency: conversion.commission_currency }) },
    reason: { label: t('adjust.reason'), limits: REASON },
  };

  const submit = async () => {
    const amountKey = commissionError(amount);
    const found = {
      commission_amount: amountKey ? t(amountKey) : undefined,
      reason:
        reason.trim() === ''
          ? t('adjust.reasonRequired')
          : reason.trim().length > REASON.maxLength
            ? tooLongMessage(REASON.maxLength)
            : undefined,
    };
    setErrors(found);
    setRefusal(null);
    if (found.commission_amount || found.reason) return;
    try {
      const response = await adjust.mutateAsync({
        id: conversion.id,
        data: { commission_amount: normalizeDecimal(amount), reason: reason.trim() },
      });
      onSaved(response.data.conversion);
    } catch (error) {
      const byField = isServerRefusal(error) ? fieldErrorsFrom(error, fields) : {};
      if (byField.commission_amount || byField.reason) {
        setErrors({ commission_amount: byField.commission_amount, reason: byField.reason });
        return;
      }
      setRefusal(errorMessage(error, t('toasts.failedMessage'), { fields }));
    }
  };

  return (
    <FormDialog
      title={t('adjust.title', { order: conversion.order_id })}
      busy={adjust.isPending}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('adjust.submit')}
      error={refusal}
      testId="adjust-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary" data-testid="adjust-current">
          {t('adjust.current', { amount: formatAmount(conversion.commission_amount, conversion.commission_currency) })}
        </Typography>
        <TextField
          name="commission_amount"
          label={t('adjust.amount', { currency: conversion.commission_currency })}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setErrors((current) => ({ ...current, commission_amount: undefined }));
          }}
          error={Boolean(errors.commission_amount)}
          helperText={errors.commission_amount ?? t('adjust.amountHelp')}
          required
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'adjust-amount' } }}
        />
        <TextField
          name="reason"
          label={t('adjust.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors((current) => ({ ...current, reason: undefined }));
          }}
          error={Boolean(errors.reason)}
          helperText={errors.reason ?? <LengthHelper text={t('adjust.reasonHelp')} length={reason.length} max={REASON.maxLength} />}
          required
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': 'adjust-reason' } }}
        />
      </Stack>
    </FormDialog>
  );
}
