import { Chip, Stack, Typography, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConversionStatus, type Conversion } from '../../api/generated/model';

const colors: Record<ConversionStatus, ChipProps['color']> = {
  pending: 'warning',
  confirmed: 'success',
  rejected: 'default',
  flagged: 'error',
  reversed: 'default',
  paid: 'info',
};

/** A conversion's status; a flagged one says in words which fraud rule fired. */
export function ConversionStatusChip({ conversion }: { conversion: Pick<Conversion, 'status' | 'flag_reason'> }) {
  const { t } = useTranslation('conversions');
  const flagged = conversion.status === ConversionStatus.flagged && conversion.flag_reason;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        color={colors[conversion.status]}
        variant={conversion.status === ConversionStatus.reversed ? 'outlined' : 'filled'}
        label={t(`statuses.${conversion.status}`)}
        data-testid="conversion-status"
        data-status={conversion.status}
      />
      {flagged && (
        <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 180 }} data-testid="conversion-flag">
          {t(`flags.${conversion.flag_reason}`, { defaultValue: conversion.flag_reason })}
        </Typography>
      )}
    </Stack>
  );
}
