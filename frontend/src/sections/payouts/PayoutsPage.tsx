import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import PaidIcon from '@mui/icons-material/PaidOutlined';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { errorMessage } from '../../api/errors';
import { getGetEarningsQueryKey, getListConversionsQueryKey } from '../../api/generated/conversions/conversions';
import { ListPayoutsSort, PayoutStatus, type AccountType, type Payable, type Payout } from '../../api/generated/model';
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
import { QueryStatus } from '../../components/QueryStatus';
import { figureColumn, ServerGrid } from '../../components/ServerGrid';
import { usePaging } from '../../components/usePaging';
import { useServerList } from '../../components/useServerList';
import { useDebounced } from '../../components/useDebounced';
import { DisplayAmount } from '../../components/DisplayAmount';
import { hasAtMostTwoDecimals, normalizeDecimal } from '../../preferences/decimal';
import { dayKey, formatAmount } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { PayDialog } from './PayDialog';
import { PayoutsGrid, sortColumns } from './PayoutsGrid';

const PAGE_SIZES = [25, 50, 100];

/** What is ready to pay, and the run that groups it into payouts (brand and host). */
function PayableCard({ host, onCreated }: { host: boolean; onCreated: () => void }) {
  const { t } = useTranslation(['payouts', 'sections']);
  const toast = useToast();
  const [minimum, setMinimum] = useState('0');
  const typed = normalizeDecimal(minimum);
  const valid = hasAtMostTwoDecimals(typed) && typed.split('.')[0].length <= 12;
  const shownMinimum = useDebounced(valid ? typed : '0');
  const paging = usePaging(PAGE_SIZES, shownMinimum);
  const payable = useListPayableCommissions({ minimum_amount: shownMinimum, ...paging.params }, { query: { placeholderData: keepPreviousData } });
  const generate = useGeneratePayouts();
  const rows = payable.data?.data.payable ?? [];
  const total = payable.data?.data.total ?? 0;
  const columns: GridColDef<Payable>[] = [
    { field: 'affiliate_name', headerName: t('columns.affiliate'), flex: 1, minWidth: 140, sortable: false },
    ...(host ? [{ field: 'brand_name', headerName: t('columns.brand'), flex: 1, minWidth: 130, sortable: false }] : []),
    {
      field: 'amount',
      headerName: t('columns.amount'),
      ...figureColumn,
      minWidth: 120,
      sortable: false,
      renderCell: ({ row }) => <DisplayAmount amount={row.amount} currency={row.currency} testId="payable-amount" />,
    },
    { field: 'conversion_count', headerName: t('columns.conversions'), ...figureColumn, minWidth: 90, sortable: false },
  ];

  const run = async () => {
    try {
      const response = await generate.mutateAsync({ data: { minimum_amount: typed } });
      const made = response.data.payouts.length;
      const skipped = response.data.skipped.length;
      if (skipped > 0) {
        toast({ severity: 'warning', title: t('toasts.created', { count: made }), message: t('toasts.skipped', { count: skipped }) });
      } else {
        toast(made > 0 ? { severity: 'success', message: t('toasts.created', { count: made }) } : { severity: 'info', message: t('toasts.none') });
      }
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
            disabled={!valid || generate.isPending || total === 0}
            onClick={() => void run()}
            data-testid="payouts-generate"
          >
            {t('payable.create')}
          </Button>
        </Stack>
        <QueryStatus loading={payable.isPending} error={payable.error} onRetry={() => void payable.refetch()} />
      </CardContent>
      {payable.isSuccess &&
        (total === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }} data-testid="payable-empty">
            {shownMinimum === '0' ? t('payable.empty') : t('payable.underMinimum')}
          </Typography>
        ) : (
          <ServerGrid
            label={t('payable.title')}
            rows={rows}
            columns={columns}
            getRowId={(row) => `${row.brand_id}-${row.affiliate_id}-${row.currency}`}
            rowTestId="payable-row"
            paging={paging.pagingOf(total)}
            loading={payable.isFetching && payable.isPlaceholderData}
            empty=""
            emptyTestId="payable-page-empty"
          />
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
  const list = useServerList<ListPayoutsSort>(ListPayoutsSort.created_at, PAGE_SIZES, status);
  const payouts = useListPayouts(
    { ...list.params, ...(status ? { status } : {}) },
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
            onChange={(event) => setStatus(event.target.value as PayoutStatus | '')}
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
          <PayoutsGrid
            accountType={accountType}
            label={listTitle}
            rows={rows}
            sorting={list.sortingOf(sortColumns)}
            paging={list.pagingOf(total)}
            loading={payouts.isFetching && payouts.isPlaceholderData}
            empty={
              <Typography color="text.secondary">
                {status ? t('empty.filtered') : manager ? t('empty.manager') : t('empty.affiliate')}
              </Typography>
            }
            actions={(payout) =>
              payout.status === PayoutStatus.pending && (
                <>
                  <Tooltip title={t('pay.action')}>
                    <IconButton size="small" color="success" aria-label={t('pay.action')} onClick={() => setPaying(payout)} data-testid="payout-pay">
                      <PaidIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('cancel.action')}>
                    <IconButton size="small" color="error" aria-label={t('cancel.action')} onClick={() => setCancelling(payout)} data-testid="payout-cancel">
                      <CancelIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )
            }
          />
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
