import BlockIcon from '@mui/icons-material/BlockOutlined';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import { Button, Card, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { getListAffiliatesQueryKey } from '../../api/generated/affiliates/affiliates';
import {
  getGetEarningsQueryKey,
  getListConversionsQueryKey,
  useDeleteConversion,
  useListConversions,
  useReviewConversions,
} from '../../api/generated/conversions/conversions';
import { ConversionReviewDecision, type AccountType, type Conversion } from '../../api/generated/model';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { formatCount } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { AdjustCommissionDialog } from './AdjustCommissionDialog';
import { ConversionDetailDialog } from './ConversionDetailDialog';
import { ConversionFiltersBar } from './ConversionFiltersBar';
import {
  canAdjust,
  canDecide,
  canDelete,
  canRestore,
  canReverse,
  filtersFromSearch,
  isFiltered,
  listParams,
  pageSizes,
  searchFromFilters,
  type ConversionFilters,
} from './conversionFilters';
import { ConversionsGrid } from './ConversionsGrid';

type Ask = { kind: 'reject'; ids: string[] } | { kind: 'reverse' | 'delete'; conversion: Conversion };

function Action({ label, onClick, icon, testId, color }: { label: string; onClick: () => void; icon: ReactNode; testId: string; color?: 'error' | 'success' }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick} data-testid={testId} color={color}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * Conversions in three variants (docs/product.md §1): a brand reviews its program's orders (confirm,
 * reject, adjust, reverse; several at once), an affiliate follows its own, the host sees all and can
 * also delete. Filters, sort and page live in the URL; the server pages and sorts (ConversionsGrid).
 */
export default function ConversionsPage({ accountType }: { accountType: AccountType }) {
  const { t, i18n } = useTranslation(['conversions', 'sections', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const reviewer = accountType !== 'affiliate';
  const host = accountType === 'host';
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const params = listParams(filters);
  const conversions = useListConversions(params, { query: { placeholderData: keepPreviousData } });
  const review = useReviewConversions();
  const remove = useDeleteConversion();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [ask, setAsk] = useState<Ask | null>(null);
  const [adjusting, setAdjusting] = useState<Conversion | null>(null);
  const [viewing, setViewing] = useState<Conversion | null>(null);

  const rows = conversions.data?.data.conversions ?? [];
  const total = conversions.data?.data.total ?? 0;
  const counted = conversions.data?.data.counted ?? 0;
  const decidable = rows.filter(canDecide);
  // Only what is on the page and can still be decided stays selected.
  const chosen = decidable.filter((row) => selected.has(row.id)).map((row) => row.id);

  const setFilters = (changes: Partial<ConversionFilters>) => {
    // A new filter starts again at the first page; a page change keeps the rest.
    const next = { ...filters, page: 0, ...changes };
    setSearchParams(searchFromFilters(next), { replace: true });
    setSelected(new Set());
  };

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListConversionsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getGetEarningsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListAffiliatesQueryKey() }),
    ]);

  const failed = (error: unknown) =>
    toast({ severity: 'error', title: t('toasts.failed'), message: errorMessage(error, t('toasts.failedMessage')) });

  const decide = async (ids: string[], decision: ConversionReviewDecision) => {
    try {
      await review.mutateAsync({ data: { conversion_ids: ids, decision } });
      const done = {
        confirm: t('toasts.confirmed', { count: ids.length }),
        reject: t('toasts.rejected', { count: ids.length }),
        reverse: t('toasts.reversed'),
      };
      toast({ severity: 'success', message: done[decision] });
      setSelected(new Set());
      setAsk(null);
      await refresh();
    } catch (error) {
      setAsk(null);
      failed(error);
    }
  };

  const deleteOne = async (conversion: Conversion) => {
    try {
      await remove.mutateAsync({ id: conversion.id });
      toast({ severity: 'success', message: t('toasts.deleted') });
      setAsk(null);
      await refresh();
    } catch (error) {
      setAsk(null);
      failed(error);
    }
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = decidable.length > 0 && chosen.length === decidable.length;
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(decidable.map((row) => row.id)));

  const subtitle = { brand: t('subtitleBrand'), affiliate: t('subtitleAffiliate'), host: t('subtitleHost') }[accountType];
  const emptyText = isFiltered(filters) ? t('empty.filtered') : t(`empty.${accountType}`);
  const busy = review.isPending || remove.isPending;

  const actionsFor = (row: Conversion) => (
    <>
      {canDecide(row) && (
        <>
          <Action
            label={t('actions.confirm')}
            color="success"
            icon={<CheckIcon fontSize="small" />}
            testId="conversion-confirm"
            onClick={() => void decide([row.id], ConversionReviewDecision.confirm)}
          />
          <Action
            label={t('actions.reject')}
            color="error"
            icon={<BlockIcon fontSize="small" />}
            testId="conversion-reject"
            onClick={() => setAsk({ kind: 'reject', ids: [row.id] })}
          />
        </>
      )}
      {canRestore(row) && (
        <Action
          label={t('actions.restore')}
          color="success"
          icon={<RestoreIcon fontSize="small" />}
          testId="conversion-restore"
          onClick={() => void decide([row.id], ConversionReviewDecision.confirm)}
        />
      )}
      {canAdjust(row) && (
        <Action label={t('actions.adjust')} icon={<EditIcon fontSize="small" />} testId="conversion-adjust" onClick={() => setAdjusting(row)} />
      )}
      {canReverse(row) && (
        <Action
          label={t('actions.reverse')}
          icon={<UndoIcon fontSize="small" />}
          testId="conversion-reverse"
          onClick={() => setAsk({ kind: 'reverse', conversion: row })}
        />
      )}
      {host && canDelete(row) && (
        <Action
          label={t('actions.delete')}
          color="error"
          icon={<DeleteIcon fontSize="small" />}
          testId="conversion-delete"
          onClick={() => setAsk({ kind: 'delete', conversion: row })}
        />
      )}
    </>
  );

  return (
    <>
      <SectionHeader title={t('sections:titles.conversions')} subtitle={subtitle} />
      <ConversionFiltersBar
        filters={filters}
        onChange={setFilters}
        // A filter read from the URL is named by the rows it keeps.
        campaignName={filters.campaignId ? rows[0]?.campaign_name : undefined}
        affiliateName={filters.affiliateId ? rows[0]?.affiliate_name : undefined}
        byAffiliate={reviewer}
      />
      <QueryStatus loading={conversions.isPending} error={conversions.error} onRetry={() => void conversions.refetch()} />
      {conversions.isSuccess && (
        <Card>
          {reviewer && chosen.length > 0 && (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' }, px: 2, py: 1.5, bgcolor: 'action.selected' }}
              data-testid="conversions-bulk"
            >
              <Typography sx={{ flex: 1, fontWeight: 600 }} role="status">
                {t('bulk.selected', { count: chosen.length })}
              </Typography>
              <Button
                variant="contained"
                color="success"
                startIcon={<CheckIcon />}
                disabled={busy}
                onClick={() => void decide(chosen, ConversionReviewDecision.confirm)}
                data-testid="bulk-confirm"
              >
                {t('bulk.confirm')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<BlockIcon />}
                disabled={busy}
                onClick={() => setAsk({ kind: 'reject', ids: chosen })}
                data-testid="bulk-reject"
              >
                {t('bulk.reject')}
              </Button>
              <Button onClick={() => setSelected(new Set())} data-testid="bulk-clear">
                {t('bulk.clear')}
              </Button>
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }} data-testid="conversions-counted">
            {t('counted', { total: formatCount(total, i18n.language), counted: formatCount(counted, i18n.language) })}
          </Typography>
          <ConversionsGrid
            accountType={accountType}
            rows={rows}
            sort={filters.sort}
            order={filters.order}
            onSort={(sort, order) => setFilters({ sort, order })}
            paging={{
              total,
              page: filters.page,
              pageSize: filters.pageSize,
              pageSizes,
              onPage: (page) => setFilters({ page }),
              onPageSize: (pageSize) => setFilters({ pageSize }),
            }}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            actions={actionsFor}
            onOpen={setViewing}
            loading={conversions.isFetching && conversions.isPlaceholderData}
            empty={
              <>
                <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                  {isFiltered(filters) ? emptyText : t('empty.title')}
                </Typography>
                {!isFiltered(filters) && <Typography color="text.secondary">{emptyText}</Typography>}
              </>
            }
          />
        </Card>
      )}
      {viewing && <ConversionDetailDialog conversion={viewing} onClose={() => setViewing(null)} />}
      {adjusting && (
        <AdjustCommissionDialog
          conversion={adjusting}
          onClose={() => setAdjusting(null)}
          onSaved={() => {
            setAdjusting(null);
            toast({ severity: 'success', message: t('toasts.adjusted') });
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={ask !== null}
        title={ask === null ? undefined : ask.kind === 'reject' ? t('ask.rejectTitle', { count: ask.ids.length }) : t(`ask.${ask.kind}Title`)}
        message={
          ask === null
            ? ''
            : ask.kind === 'reject'
              ? t('ask.reject', { count: ask.ids.length })
              : t(`ask.${ask.kind}`, { order: ask.conversion.order_id })
        }
        confirmLabel={ask === null ? '' : ask.kind === 'reject' ? t('actions.reject') : t(`actions.${ask.kind}`)}
        busy={busy}
        onConfirm={() => {
          if (!ask) return;
          if (ask.kind === 'reject') void decide(ask.ids, ConversionReviewDecision.reject);
          else if (ask.kind === 'reverse') void decide([ask.conversion.id], ConversionReviewDecision.reverse);
          else void deleteOne(ask.conversion);
        }}
        onClose={() => setAsk(null)}
      />
    </>
  );
}
