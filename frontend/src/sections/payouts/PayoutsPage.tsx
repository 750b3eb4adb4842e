import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import PaidIcon from '@mui/icons-material/PaidOutlined';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { errorMessage } from '../../api/errors';
import { getGetEarningsQueryKey, getListConversionsQueryKey } from '../../api/generated/conversions/conversions';
import { PayoutStatus, type AccountType, type Payout } from '../../api/generated/model';
import {
  getExportPayoutsUrl,
  getListPayableCommissionsQueryKey,
  getListPayoutsQueryKey,
  useCancelPayout,
  useGeneratePayouts,
  useListPayableCommissions,
  useListPayouts,
} from '../../api/generated/payouts/payouts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPagination } from '../../components/ListPagination';
import { MoneyCell } from '../../components/MoneyCell';
import { QueryStatus } from '../../components/QueryStatus';
import { usePaging } from '../../components/usePaging';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useDebounced } from '../../components/useDebounced';
import { hasAtMostTwoDecimals, normalizeDecimal } from '../../preferences/decimal';
import { dayKey, formatAmount, formatDate } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { PayDialog } from './PayDialog';

const PAGE_SIZES = [25, 50, 100];

/** What is ready to pay, and the run that groups it into payouts (brand and host). */
function PayableCard({ host, onCreated }: { host: boolean; onCreated: () => void }) {
  const { t } = useTranslation(['payouts', 'sections']);
  const toast = useToast();
  const [minimum, setMinimum] = useState('0');
  const typed = normalizeDecimal(minimum);
  const valid = hasAtMostTwoDecimals(typed) && typed.split('.')[0].length <= 12;
  const shownMinimum = useDebounced(valid ? typed : '0');
  const payable = useListPayableCommissions({ minimum_amount: shownMinimum }, { query: { placeholderData: keepPreviousData } });
  const generate = useGeneratePayouts();
  const rows = payable.data?.data.payable ?? [];

  const run = async () => {
    try {
      const response = await generate.mutateAsync({ data: { minimum_amount: typed } });
      const made = response.data.payouts.length;
      toast(made > 0 ? { severity: 'success', message: t('toasts.created', { count: made }) } : { severity: 'info', message: t('toasts.none') });
      onCreated();
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.failed'), message: errorMessage(error, t('toasts.failedMessage')) });
    }
  };

  return (
    <Card sx={{ mb: 3 }} data-testid="payable-card">
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' }, mb: 2 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h2" id="payable-title">
              {t('payable.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('payable.help')}
            </Typography>
          </Box>
          <TextField
            size="small"
            label={t('payable.minimum')}
            value={minimum}
            onChange={(event) => setMinimum(event.target.value)}
            error={!valid}
            helperText={valid ? t('payable.minimumHelp') : t('payable.minimumInvalid')}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'payout-minimum' } }}
          />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!valid || generate.isPending || rows.length === 0}
            onClick={() => void run()}
            data-testid="payouts-generate"
          >
            {t('payable.create')}
          </Button>
        </Stack>
        <QueryStatus loading={payable.isPending} error={payable.error} onRetry={() => void payable.refetch()} />
      </CardContent>
      {payable.isSuccess &&
        (rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }} data-testid="payable-empty">
            {shownMinimum === '0' ? t('payable.empty') : t('payable.underMinimum')}
          </Typography>
        ) : (
          <TableContainer tabIndex={0} role="region" aria-labelledby="payable-title">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.affiliate')}</TableCell>
                  {host && <TableCell>{t('columns.brand')}</TableCell>}
                  <MoneyCell>{t('columns.amount')}</MoneyCell>
                  <MoneyCell>{t('columns.conversions')}</MoneyCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={`${row.brand_id}-${row.affiliate_id}-${row.currency}`} data-testid="payable-row">
                    <TableCell>{row.affiliate_name}</TableCell>
                    {host && <TableCell>{row.brand_name}</TableCell>}
                    <MoneyCell testId="payable-amount">{formatAmount(row.amount, row.currency)}</MoneyCell>
                    <MoneyCell>{row.conversion_count}</MoneyCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ))}
    </Card>
  );
}

/**
 * Payouts: the host and a brand group confirmed commissions into payouts, mark them paid with a
 * reference, cancel pending ones and export them; an affiliate sees its payment history.
 */
export default function PayoutsPage({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation(['payouts', 'sections', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const manager = accountType !== 'affiliate';
  const host = accountType === 'host';
  const [status, setStatus] = useState<PayoutStatus | ''>('');
  const { page, pageSize, setPage, setPageSize, params: paging } = usePaging(25);
  const payouts = useListPayouts(
    { ...paging, ...(status ? { status } : {}) },
    { query: { placeholderData: keepPreviousData } },
  );
  const cancel = useCancelPayout();
  const [paying, setPaying] = useState<Payout | null>(null);
  const [cancelling, setCancelling] = useState<Payout | null>(null);
  const [exporting, setExporting] = useState(false);
  const rows = payouts.data?.data.payouts ?? [];
  const total = payouts.data?.data.total ?? 0;

  const refresh = () =>
    Promise.all(
      [getListPayoutsQueryKey(), getListPayableCommissionsQueryKey(), getListConversionsQueryKey(), getGetEarningsQueryKey()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );

  const cancelOne = async (payout: Payout) => {
    try {
      await cancel.mutateAsync({ id: payout.id });
      toast({ severity: 'success', message: t('toasts.cancelled') });
      await refresh();
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.failed'), message: errorMessage(error, t('toasts.failedMessage')) });
    } finally {
      setCancelling(null);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(getExportPayoutsUrl(status ? { status } : undefined), `openaffiliate-payouts-${dayKey(new Date())}.csv`);
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.failed'), message: errorMessage(error, t('toasts.exportFailed')) });
    } finally {
      setExporting(false);
    }
  };

  const subtitle = { host: t('subtitleHost'), brand: t('subtitleBrand'), affiliate: t('subtitleAffiliate') }[accountType];
  const listTitle = accountType === 'affiliate' ? t('sections:payouts.paymentHistory') : t('sections:payouts.allPayouts');
  const columns = 6 + (host ? 1 : 0) + (manager ? 1 : 0);

  return (
    <>
      <SectionHeader
        title={t('sections:titles.payouts')}
        subtitle={subtitle}
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={exporting} onClick={() => void exportCsv()} data-testid="payouts-export">
            {t('export')}
          </Button>
        }
      />
      {manager && <PayableCard host={host} onCreated={() => void refresh()} />}
      <Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, p: 2 }}>
          <Typography variant="h6" component="h2" id="payouts-title" sx={{ flex: 1 }}>
            {listTitle}
          </Typography>
          <TextField
            select
            size="small"
            label={t('filters.status')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as PayoutStatus | '');
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'payouts-status' } }}
          >
            <option value="">{t('filters.any')}</option>
            {Object.values(PayoutStatus).map((value) => (
              <option key={value} value={value}>
                {t(`statuses.${value}`)}
              </option>
            ))}
          </TextField>
        </Stack>
        <QueryStatus loading={payouts.isPending} error={payouts.error} onRetry={() => void payouts.refetch()} />
        {payouts.isSuccess && (
          <>
            <TableContainer tabIndex={0} role="region" aria-labelledby="payouts-title">
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{manager ? t('columns.affiliate') : t('columns.brand')}</TableCell>
                    {host && <TableCell>{t('columns.brand')}</TableCell>}
                    <MoneyCell>{t('columns.amount')}</MoneyCell>
                    <MoneyCell>{t('columns.conversions')}</MoneyCell>
                    <TableCell>{t('columns.status')}</TableCell>
                    <TableCell>{t('columns.created')}</TableCell>
                    <TableCell>{t('columns.paid')}</TableCell>
                    {manager && (
                      <TableCell align="right">
                        <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                      </TableCell>
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={columns} data-testid="payouts-empty">
                        <Typography color="text.secondary" sx={{ py: 2 }}>
                          {status ? t('empty.filtered') : manager ? t('empty.manager') : t('empty.affiliate')}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  ) : (
                    rows.map((payout) => (
                      <TableRow key={payout.id} hover data-testid="payout-row">
                        {manager ? (
                          <TableCell>
                            <Typography variant="body2">{payout.affiliate_name}</Typography>
                            <Typography variant="caption" color="text.secondary">
                              {payout.affiliate_email}
                            </Typography>
                          </TableCell>
                        ) : (
                          <TableCell>{payout.brand_name}</TableCell>
                        )}
                        {host && <TableCell>{payout.brand_name}</TableCell>}
                        <MoneyCell testId="payout-amount">{formatAmount(payout.amount, payout.currency)}</MoneyCell>
                        <MoneyCell>{payout.conversion_count}</MoneyCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={payout.status === PayoutStatus.paid ? 'success' : 'warning'}
                            label={t(`statuses.${payout.status}`)}
                            data-testid="payout-status"
                            data-status={payout.status}
                          />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(payout.created_at)}</TableCell>
                        <TableCell data-testid="payout-paid">
                          {payout.paid_at ? (
                            <>
                              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                                {formatDate(payout.paid_at)}
                              </Typography>
                              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                                {t('reference', { reference: payout.reference })}
                              </Typography>
                            </>
                          ) : (
                            '—'
                          )}
                        </TableCell>
                        {manager && (
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {payout.status === PayoutStatus.pending && (
                              <>
                                <Tooltip title={t('pay.action')}>
                                  <IconButton size="small" color="success" aria-label={t('pay.action')} onClick={() => setPaying(payout)} data-testid="payout-pay">
                                    <PaidIcon fontSize="small" />
                                  </IconButton>
                                </Tooltip>
                                <Tooltip title={t('cancel.action')}>
                                  <IconButton
                                    size="small"
                                    color="error"
                                    aria-label={t('cancel.action')}
                                    onClick={() => setCancelling(payout)}
                                    data-testid="payout-cancel"
                                  >
                                    <CancelIcon fontSize="small" />
                                  </IconButton>
                                </Tooltip>
                              </>
                            )}
                          </TableCell>
                        )}
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination
              total={total}
              page={page}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              onPage={setPage}
              onPageSize={setPageSize}
            />
          </>
        )}
      </Card>
      {paying && (
        <PayDialog
          payout={paying}
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaying(null);
            toast({ severity: 'success', message: t('toasts.paid') });
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('cancel.title')}
        message={cancelling ? t('cancel.message', { amount: formatAmount(cancelling.amount, cancelling.currency), affiliate: cancelling.affiliate_name }) : ''}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        busy={cancel.isPending}
        onConfirm={() => cancelling && void cancelOne(cancelling)}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
