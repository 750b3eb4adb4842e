import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGetConversion } from '../../api/generated/conversions/conversions';
import type { Conversion, ConversionLine } from '../../api/generated/model';
import { QueryStatus } from '../../components/QueryStatus';
import { formatAmount, formatCount, formatPercent } from '../../preferences/format';
import { ConversionStatusChip } from './ConversionStatusChip';

/** A line's product as its ids say it: product id, SKU, Stripe price, categories. */
function productOf(line: ConversionLine): string {
  const ids = [line.product_id, line.sku, line.price_id].filter(Boolean);
  const categories = line.categories.length > 0 ? ` (${line.categories.join(', ')})` : '';
  return (ids.join(' · ') || '—') + categories;
}

/**
 * One conversion with what its commission was made of (docs/product.md §6.1): the order's lines,
 * each with the product rate it matched (or the campaign's rate on the rest of the order) and its
 * exact commission, and the performance tier it reached when it arrived.
 */
export function ConversionDetailDialog({ conversion, onClose }: { conversion: Conversion; onClose: () => void }) {
  const { t, i18n } = useTranslation(['conversions', 'common']);
  const query = useGetConversion(conversion.id);
  const detail = query.data?.data.conversion;
  const currency = conversion.commission_currency || conversion.currency;
  const valueText = (type: string, value: string) => (type === 'percentage' ? formatPercent(value, i18n.language) : formatAmount(value, currency));

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="conversion-detail">
      <DialogTitle>{t('detail.title', { order: conversion.order_id })}</DialogTitle>
      <DialogContent dividers>
        {!detail ? (
          <QueryStatus loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ flexWrap: 'wrap' }}>
              <div>
                <Typography variant="caption" color="text.secondary">
                  {t('detail.orderTotal')}
                </Typography>
                <Typography>{formatAmount(detail.order_total, detail.currency)}</Typography>
              </div>
              <div>
                <Typography variant="caption" color="text.secondary">
                  {t('detail.commission')}
                </Typography>
                <Typography sx={{ fontWeight: 600 }} data-testid="detail-commission">
                  {formatAmount(detail.commission_amount, currency)}
                </Typography>
              </div>
              <div>
                <Typography variant="caption" color="text.secondary">
                  {t('detail.kind')}
                </Typography>
                <Typography data-testid="detail-kind">{t(`detail.kinds.${detail.kind}`)}</Typography>
              </div>
              <div>
                <Typography variant="caption" color="text.secondary">
                  {t('detail.campaign')}
                </Typography>
                <Typography>{detail.campaign_name || '—'}</Typography>
              </div>
              <ConversionStatusChip conversion={detail} />
            </Stack>
            <div>
              <Typography variant="subtitle2">{t('detail.tier')}</Typography>
              <Typography color="text.secondary" data-testid="detail-tier">
                {detail.tier
                  ? t('detail.tierText', {
                      index: detail.tier.index,
                      threshold:
                        detail.tier.basis === 'revenue'
                          ? formatAmount(detail.tier.threshold, currency)
                          : formatCount(Number(detail.tier.threshold), i18n.language),
                      basis: t(`detail.bases.${detail.tier.basis}`),
                      value: valueText(detail.tier.commission_type, detail.tier.value),
                    })
                  : t('detail.noTier')}
              </Typography>
            </div>
            <div>
              <Typography variant="subtitle2">{t('detail.lines')}</Typography>
              {!detail.lines?.length ? (
                <Typography color="text.secondary">{t('detail.noLines')}</Typography>
              ) : (
                <>
                  <Table size="small" data-testid="detail-lines">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('detail.product')}</TableCell>
                        <TableCell align="right">{t('detail.quantity')}</TableCell>
                        <TableCell align="right">{t('detail.amount')}</TableCell>
                        <TableCell>{t('detail.rule')}</TableCell>
                        <TableCell align="right">{t('detail.lineCommission')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {detail.lines.map((line, index) => (
                        <TableRow key={index} data-testid="detail-line">
                          <TableCell sx={{ fontFamily: 'monospace' }}>{productOf(line)}</TableCell>
                          <TableCell align="right">{formatCount(line.quantity, i18n.language)}</TableCell>
                          <TableCell align="right">{formatAmount(line.amount, detail.currency)}</TableCell>
                          <TableCell>
                            {line.rule
                              ? t('detail.matched', {
                                  match: t(`detail.matches.${line.rule.match}`),
                                  key: line.rule.match_value,
                                  value: valueText(line.rule.commission_type, line.rule.commission_value),
                                })
                              : t('detail.campaignRate')}
                          </TableCell>
                          <TableCell align="right" title={line.commission ?? undefined} data-testid="detail-line-commission">
                            {line.commission ? formatAmount(line.commission, currency) : '—'}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  <Typography variant="caption" color="text.secondary">
                    {t('detail.exactNote')}
                  </Typography>
                </>
              )}
            </div>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="conversion-detail-close">
          {t('detail.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
