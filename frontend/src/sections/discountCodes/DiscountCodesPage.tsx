import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PauseIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import { Box, Button, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCampaignsById } from '../../api/choices';
import { errorMessage } from '../../api/errors';
import {
  getListDiscountCodesQueryKey,
  useDeleteDiscountCode,
  useListDiscountCodes,
  useUpdateDiscountCode,
} from '../../api/generated/discount-codes/discount-codes';
import type { AccountType, DiscountCode, DiscountStatus } from '../../api/generated/model';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { usePaging } from '../../components/usePaging';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { DiscountCodeDialog } from './DiscountCodeDialog';
import { statusUpdate } from './discountCodeForm';
import { DiscountCodeTable } from './DiscountCodeTable';

const PAGE_SIZES = [25, 50, 100];

/** Discount codes: a brand creates and manages its codes; an affiliate sees the codes assigned to it. */
export default function DiscountCodesPage({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation(['discountCodes', 'sections']);
  const brand = accountType === 'brand';
  const paging = usePaging(PAGE_SIZES);
  const codes = useListDiscountCodes(paging.params, { query: { placeholderData: keepPreviousData } });
  const list = codes.data?.data.discount_codes ?? [];
  const total = codes.data?.data.total ?? 0;
  // The page's campaigns give each code its commission terms.
  const campaignsById = useCampaignsById(list.map((code) => code.campaign_id));
  const [dialog, setDialog] = useState<{ open: boolean; code: DiscountCode | null }>({ open: false, code: null });
  const openCreate = () => setDialog({ open: true, code: null });

  return (
    <>
      <SectionHeader
        title={t('sections:titles.discountCodes')}
        subtitle={brand ? t('sections:descriptions.discountCodes') : t('list.affiliateSubtitle')}
        actions={
          brand && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} data-testid="create-discount-code">
              {t('list.create')}
            </Button>
          )
        }
      />
      <QueryStatus loading={codes.isPending} error={codes.error} onRetry={() => void codes.refetch()} />
      {codes.isSuccess && total === 0 && (
        <Card data-testid="discount-codes-empty">
          <CardContent>
            <Typography variant="h6">{t('list.emptyTitle')}</Typography>
            <Typography color="text.secondary" sx={{ mb: brand ? 2 : 0 }}>
              {brand ? t('list.emptyBrand') : t('list.emptyAffiliate')}
            </Typography>
            {brand && (
              <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate}>
                {t('list.create')}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      {codes.isSuccess && total > 0 && (
        <Card>
          <DiscountCodeTable
            codes={list}
            viewer={brand ? 'brand' : 'affiliate'}
            campaignsById={campaignsById}
            paging={paging.pagingOf(total)}
            loading={codes.isFetching && codes.isPlaceholderData}
            actions={brand ? (code) => <CodeActions code={code} onEdit={() => setDialog({ open: true, code })} /> : undefined}
          />
        </Card>
      )}
      {brand && <BrandDialog dialog={dialog} onClose={() => setDialog({ open: false, code: null })} />}
    </>
  );
}

function useReloadCodes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getListDiscountCodesQueryKey() });
}

function BrandDialog({
  dialog,
  onClose,
}: {
  dialog: { open: boolean; code: DiscountCode | null };
  onClose: () => void;
}) {
  const { t } = useTranslation('discountCodes');
  const toast = useToast();
  const reload = useReloadCodes();
  return (
    <DiscountCodeDialog
      open={dialog.open}
      code={dialog.code}
      onClose={onClose}
      onSaved={(saved, created) => {
        onClose();
        toast({ severity: 'success', message: t(created ? 'toasts.created' : 'toasts.updated', { code: saved.code }) });
        void reload();
      }}
    />
  );
}

/** Edit, pause or activate, and delete (after asking) one code. */
function CodeActions({ code, onEdit }: { code: DiscountCode; onEdit: () => void }) {
  const { t } = useTranslation(['discountCodes', 'common']);
  const toast = useToast();
  const reload = useReloadCodes();
  const update = useUpdateDiscountCode();
  const remove = useDeleteDiscountCode();
  const [confirming, setConfirming] = useState(false);
  const busy = update.isPending || remove.isPending;

  const changeStatus = async (status: DiscountStatus) => {
    try {
      await update.mutateAsync({ id: code.id, data: statusUpdate(code, status) });
      toast({ severity: 'success', message: t('toasts.updated', { code: code.code }) });
      await reload();
    } catch (error) {
      toast({ severity: 'error', title: t('toasts.updateFailed'), message: errorMessage(error, t('toasts.tryAgain')) });
    }
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ id: code.id });
      setConfirming(false);
      toast({ severity: 'success', message: t('toasts.deleted', { code: code.code }) });
      await reload();
    } catch (error) {
      setConfirming(false);
      toast({ severity: 'error', title: t('toasts.deleteFailed'), message: errorMessage(error, t('toasts.tryAgain')) });
    }
  };

  const next: DiscountStatus = code.status === 'active' ? 'paused' : 'active';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Stack direction="row" spacing={0.5}>
        <Tooltip title={t('common:actions.edit')}>
          <IconButton size="small" aria-label={t('common:actions.edit')} onClick={onEdit} data-testid="discount-code-edit">
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t(next === 'paused' ? 'list.pause' : 'list.activate')}>
          <span>
            <IconButton
              size="small"
              color={next === 'paused' ? 'warning' : 'success'}
              aria-label={t(next === 'paused' ? 'list.pause' : 'list.activate')}
              disabled={busy}
              onClick={() => void changeStatus(next)}
              data-testid={next === 'paused' ? 'discount-code-pause' : 'discount-code-activate'}
            >
              {next === 'paused' ? <PauseIcon fontSize="small" /> : <PlayIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('common:actions.delete')}>
          <span>
            <IconButton
              size="small"
              color="error"
              aria-label={t('common:actions.delete')}
              disabled={busy}
              onClick={() => setConfirming(true)}
              data-testid="discount-code-delete"
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('list.deleteTitle')}
        message={t('list.deleteConfirm', { code: code.code })}
        confirmLabel={t('common:actions.delete')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
