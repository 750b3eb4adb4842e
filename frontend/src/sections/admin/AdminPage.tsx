import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import InviteIcon from '@mui/icons-material/ForwardToInboxOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Card, Chip, IconButton, InputAdornment, Stack, Tab, Tabs, TextField, Tooltip, Typography } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, isServerRefusal, type FieldInfos } from '../../api/errors';
import { useCreateAffiliateInviteLink, useCreateHost } from '../../api/generated/admin/admin';
import {
  getListAffiliatesQueryKey,
  useCreateAffiliate,
  useDeleteAffiliate,
  useListAffiliates,
  useUpdateAffiliate,
} from '../../api/generated/affiliates/affiliates';
import {
  getListBrandsQueryKey,
  useCreateBrand,
  useDeleteBrand,
  useListBrands,
  useUpdateBrand,
} from '../../api/generated/brands/brands';
import {
  getListCampaignsQueryKey,
  useCreateCampaign,
  useDeleteCampaign,
  useListCampaigns,
  useUpdateCampaign,
} from '../../api/generated/campaigns/campaigns';
import { getListConversionsQueryKey, useListConversions } from '../../api/generated/conversions/conversions';
import { getListDiscountCodesQueryKey, useListDiscountCodes } from '../../api/generated/discount-codes/discount-codes';
import { ListConversionsSort, NameSortParameter, type Affiliate } from '../../api/generated/model';
import { getListTrackingLinksQueryKey, useListTrackingLinks } from '../../api/generated/tracking/tracking';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Paging } from '../../components/ListPagination';
import { ServerGrid, type ServerSorting } from '../../components/ServerGrid';
import { useDebounced } from '../../components/useDebounced';
import { usePaging } from '../../components/usePaging';
import { useServerList } from '../../components/useServerList';
import { useToast, type ToastInput } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { AccountActions } from './AccountActions';
import { adminHideFirst, conversionSortColumns, nameSortColumns, useAdminColumns } from './adminColumns';
import { AdminEntityDialog, emailChanges, emptyAdminValues, type AdminDialogState, type AdminEntityValues } from './AdminEntityDialog';
import { brandDomain, brandName, isAdminKind, type AdminKind, type AdminTab } from './adminKinds';
import { CreateHostDialog, type HostAccountValues } from './CreateHostDialog';
import { InviteLinkDialog, type InviteLink } from './InviteLinkDialog';
import { JobsCard } from './JobsCard';
import { ResetLinkDialog, type ResetLinkAccount } from './ResetLinkDialog';

/** The one panel the tabs control; it shows the selected tab's table. */
const ADMIN_TABPANEL = 'admin-tabpanel';

function tabKey(kind: AdminTab) {
  return tabs.find((entry) => entry.kind === kind)?.key ?? 'brands';
}

const tabs: { kind: AdminTab; key: 'brands' | 'affiliates' | 'campaigns' | 'conversions' | 'discountCodes' | 'trackingLinks' }[] = [
  { kind: 'brand', key: 'brands' },
  { kind: 'affiliate', key: 'affiliates' },
  { kind: 'campaign', key: 'campaigns' },
  { kind: 'conversion', key: 'conversions' },
  { kind: 'discountCode', key: 'discountCodes' },
  { kind: 'trackingLink', key: 'trackingLinks' },
];

const PAGE_SIZES = [25, 50, 100];

/** A tab's list as the server pages it, loaded again behind the rows shown while a new page comes. */
const KEEP_PAGE = { query: { placeholderData: keepPreviousData } };


function RowActions({
  onEdit,
  onDelete,
  editLabel,
  deleteLabel,
  accountActions,
}: {
  onEdit: () => void;
  onDelete: () => void;
  editLabel: string;
  deleteLabel: string;
  /** Actions on the row's user account, before edit and delete. */
  accountActions?: ReactNode;
}) {
  return (
    <>
      {accountActions}
      <Tooltip title={editLabel}>
        <IconButton size="small" aria-label={editLabel} onClick={onEdit} data-testid="admin-edit">
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={deleteLabel}>
        <IconButton size="small" color="error" aria-label={deleteLabel} onClick={onDelete} data-testid="admin-delete">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** What the screen reads of each tab's list: whether it is loading, its total and its failures. */
interface ListState {
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  errorUpdatedAt: number;
  data?: { data: { total: number } };
  refetch: () => Promise<unknown>;
}

/**
 * The host's admin screen (docs/product.md §1): every brand, affiliate, campaign, conversion,
 * discount code and tracking link of the platform, each tab a grid the server searches, pages and
 * (where it can) sorts; brands, affiliates and campaigns are added, edited and deleted here.
 */
export default function AdminPage() {
  const { t } = useTranslation(['admin', 'common', 'auth']);
  const toast = useToast();
  const queryClient = useQueryClient();
  // The dashboard's search links here with ?tab=brands&q=… to open one tab already filtered.
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<AdminTab>(() => tabs.find(({ key }) => key === searchParams.get('tab'))?.kind ?? 'brand');
  const [search, setSearch] = useState(() => searchParams.get('q') ?? '');
  const query = useDebounced(search.trim());
  const searched = query ? { query } : {};
  // Each tab keeps its own page and order; a new search starts every tab at its first page.
  const brandList = useServerList<NameSortParameter>(NameSortParameter.created_at, PAGE_SIZES, query);
  const affiliateList = useServerList<NameSortParameter>(NameSortParameter.created_at, PAGE_SIZES, query);
  const campaignList = useServerList<NameSortParameter>(NameSortParameter.created_at, PAGE_SIZES, query);
  const conversionList = useServerList<ListConversionsSort>(ListConversionsSort.created_at, PAGE_SIZES, query);
  const codePages = usePaging(PAGE_SIZES, query);
  const linkPages = usePaging(PAGE_SIZES, query);
  const brands = useListBrands({ ...searched, ...brandList.params }, KEEP_PAGE);
  const affiliates = useListAffiliates({ ...searched, ...affiliateList.params }, KEEP_PAGE);
  const campaigns = useListCampaigns({ ...searched, ...campaignList.params }, KEEP_PAGE);
  const conversions = useListConversions({ ...searched, ...conversionList.params }, KEEP_PAGE);
  const discountCodes = useListDiscountCodes({ ...searched, ...codePages.params }, KEEP_PAGE);
  const trackingLinks = useListTrackingLinks({ ...searched, ...linkPages.params }, KEEP_PAGE);
  const lists: Record<AdminTab, ListState> = {
    brand: brands,
    affiliate: affiliates,
    campaign: campaigns,
    conversion: conversions,
    discountCode: discountCodes,
    trackingLink: trackingLinks,
  };
  const [dialog, setDialog] = useState<AdminDialogState | null>(null);
  const [deleting, setDeleting] = useState<{ kind: AdminKind; id: string } | null>(null);
  const [hostOpen, setHostOpen] = useState(false);
  const [inviteLink, setInviteLink] = useState<InviteLink | null>(null);
  const [resetFor, setResetFor] = useState<ResetLinkAccount | null>(null);
  const createBrand = useCreateBrand();
  const updateBrand = useUpdateBrand();
  const deleteBrand = useDeleteBrand();
  const createAffiliate = useCreateAffiliate();
  const updateAffiliate = useUpdateAffiliate();
  const deleteAffiliate = useDeleteAffiliate();
  const createCampaign = useCreateCampaign();
  const updateCampaign = useUpdateCampaign();
  const deleteCampaign = useDeleteCampaign();
  const createHost = useCreateHost();
  const createInviteLink = useCreateAffiliateInviteLink();
  const saving = [createBrand, updateBrand, createAffiliate, updateAffiliate, createCampaign, updateCampaign].some((m) => m.isPending);
  const deleteBusy = deleteBrand.isPending || deleteAffiliate.isPending || deleteCampaign.isPending;

  // 'Error' / 'Failed to load admin data' each time a list fails to load.
  const failedAt = Math.max(...Object.values(lists).map((list) => list.errorUpdatedAt));
  useEffect(() => {
    if (failedAt > 0) toast({ severity: 'error', title: t('toasts.error'), message: t('toasts.loadFailed') });
  }, [failedAt, t, toast]);

  const reload = () =>
    Promise.all(
      [
        getListBrandsQueryKey(),
        getListAffiliatesQueryKey(),
        getListCampaignsQueryKey(),
        getListConversionsQueryKey(),
        getListDiscountCodesQueryKey(),
        getListTrackingLinksQueryKey(),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );

  // Labels and limits of the admin forms' fields, to explain a refusal.
  const fields: FieldInfos = {
    name: { label: t('fields.name'), limits: contractLimits.BrandInput.name },
    domain: { label: t('fields.domain'), limits: contractLimits.BrandInput.domain },
    email: { label: t('fields.email'), limits: contractLimits.AffiliateInput.email },
    current_password: { label: t('fields.currentPassword'), limits: contractLimits.AffiliateInput.current_password, invalid: t('dialog.currentPasswordWrong') },
    status: { label: t('fields.status'), invalid: t('dialog.statusInvalid') },
    brand_id: { label: t('fields.brand') },
    firstName: { label: t('auth:fields.firstName'), limits: contractLimits.CreateHostRequest.firstName },
    lastName: { label: t('auth:fields.lastName'), limits: contractLimits.CreateHostRequest.lastName },
    password: { label: t('auth:fields.password'), limits: contractLimits.CreateHostRequest.password },
  };

  /** 'Failed' with the refusal explained (or the fallback) when the server refused; 'Error' otherwise. */
  const failure = (error: unknown, fallback: string): ToastInput => {
    if (isServerRefusal(error)) {
      return { severity: 'error', title: t('toasts.failed'), message: error.fromServer ? errorMessage(error, fallback, { fields }) : fallback };
    }
    // Network trouble in the chosen language; a fault of the page itself as the fallback.
    return { severity: 'error', title: t('toasts.error'), message: errorMessage(error, fallback) };
  };

  // A list still loading has no count yet: '…' rather than a 0 that is not true.
  const countOf = (list: ListState) => (list.isPending ? null : (list.data?.data.total ?? 0));

  const save = async (state: AdminDialogState, values: AdminEntityValues): Promise<boolean> => {
    const name = values.name.trim();
    try {
      if (state.kind === 'brand') {
        const body = { name, domain: values.domain.trim() };
        if (state.mode === 'create') await createBrand.mutateAsync({ data: body });
        else await updateBrand.mutateAsync({ id: state.id as string, data: body });
      } else if (state.kind === 'affiliate') {
        const body = { name, email: values.email.trim() };
        if (state.mode === 'create') await createAffiliate.mutateAsync({ data: body });
        else {
          // A new email (the affiliate's sign-in name and payout email) is confirmed with the host's password.
          const confirm = emailChanges(state, values) ? { current_password: values.current_password } : {};
          await updateAffiliate.mutateAsync({ id: state.id as string, data: { ...body, ...confirm } });
        }
      } else if (state.mode === 'create') {
        // The status is free text, sent as typed; the server refuses a value it does not know.
        await createCampaign.mutateAsync({ data: { brand_id: values.brand_id, name, status: values.status } });
      } else {
        await updateCampaign.mutateAsync({ id: state.id as string, data: { name, status: values.status } });
      }
    } catch (error) {
      toast(failure(error, t('toasts.operationFailed')));
      return false;
    }
    toast({
      severity: 'success',
      title: state.mode === 'create' ? t('toasts.created') : t('toasts.updated'),
      message: t(`toasts.savedMessage.${state.kind}`, { name }),
    });
    setDialog(null);
    await reload();
    return true;
  };

  const remove = async () => {
    if (!deleting) return;
    const { kind, id } = deleting;
    try {
      if (kind === 'brand') await deleteBrand.mutateAsync({ id });
      else if (kind === 'affiliate') await deleteAffiliate.mutateAsync({ id });
      else await deleteCampaign.mutateAsync({ id });
      toast({ severity: 'success', title: t('toasts.deleted'), message: t(`toasts.deletedMessage.${kind}`, { id }) });
      setDeleting(null);
      await reload();
    } catch (error) {
      toast(failure(error, t('toasts.deleteFailed')));
      setDeleting(null);
    }
  };

  const addHost = async (values: HostAccountValues): Promise<boolean> => {
    try {
      await createHost.mutateAsync({ data: values });
    } catch (error) {
      toast(failure(error, t('toasts.signupFailed')));
      return false;
    }
    toast({ severity: 'success', title: t('toasts.hostCreated'), message: values.email });
    setHostOpen(false);
    await reload();
    return true;
  };

  const invite = async (affiliate: Affiliate) => {
    try {
      const { data } = await createInviteLink.mutateAsync({ id: affiliate.id });
      setInviteLink({ email: affiliate.email, url: data.invite_url, expiresAt: data.expires_at });
    } catch (error) {
      toast(failure(error, t('inviteLink.failed')));
    }
  };

  const edit = (kind: AdminKind, id: string, values: Partial<AdminEntityValues>) =>
    setDialog({ mode: 'edit', kind, id, values: { ...emptyAdminValues, ...values } });
  const rowActions = (kind: AdminKind, id: string, values: Partial<AdminEntityValues>, accountActions?: ReactNode) => (
    <RowActions
      editLabel={t('common:actions.edit')}
      deleteLabel={t('common:actions.delete')}
      accountActions={accountActions}
      onEdit={() => edit(kind, id, values)}
      onDelete={() => setDeleting({ kind, id })}
    />
  );
  const columns = useAdminColumns({
    brand: (brand) =>
      rowActions(
        'brand',
        brand.id,
        { name: brandName(brand), domain: brandDomain(brand) },
        <AccountActions userId={brand.owner_user_id} name={brandName(brand)} email={brand.owner_email ?? ''} onResetLink={setResetFor} />,
      ),
    affiliate: (affiliate) =>
      rowActions(
        'affiliate',
        affiliate.id,
        { name: affiliate.name, email: affiliate.email },
        <>
          <AccountActions userId={affiliate.user_id} name={affiliate.name} email={affiliate.email} onResetLink={setResetFor} />
          {/* Only an affiliate nobody signed up for yet can be claimed through an invitation. */}
          {affiliate.user_id === null && (
            <Tooltip title={t('inviteLink.action')}>
              <IconButton size="small" aria-label={t('inviteLink.action')} onClick={() => void invite(affiliate)} data-testid="admin-invite-link">
                <InviteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </>,
      ),
    campaign: (campaign) => rowActions('campaign', campaign.id, { name: campaign.name, status: campaign.status }),
  });

  /** The selected tab's grid: its list's page of rows, its pager and, when the list sorts, its order. */
  const grid = <R extends GridValidRowModel & { id: string }, S extends string>(
    list: ListState,
    rows: R[] | undefined,
    tabColumns: GridColDef<R>[],
    pages: { pagingOf: (total: number) => Paging },
    sorting?: ServerSorting<S>,
  ) => (
    <ServerGrid
      label={t(`tabs.${tabKey(tab)}`)}
      rows={rows ?? []}
      columns={tabColumns}
      getRowId={(row) => row.id}
      rowTestId="admin-row"
      sorting={sorting}
      paging={pages.pagingOf(list.data?.data.total ?? 0)}
      loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
      empty={
        <Typography color="text.secondary" variant="body2">
          {query ? t('noMatches', { query }) : t('empty')}
        </Typography>
      }
      emptyTestId="admin-empty"
      hideFirst={adminHideFirst}
    />
  );

  return (
    <>
      <SectionHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<RefreshIcon />}
              onClick={() => void Promise.all(Object.values(lists).map((list) => list.refetch()))}
              data-testid="admin-refresh"
            >
              {t('refresh')}
            </Button>
            <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={() => setHostOpen(true)} data-testid="admin-create-host">
              {t('createHost')}
            </Button>
          </Stack>
        }
      />
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', px: 2, pt: 2 }}
        >
          <TextField
            size="small"
            type="search"
            placeholder={t('search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ minWidth: { md: 320 } }}
            slotProps={{
              htmlInput: { 'aria-label': t('search'), 'data-testid': 'admin-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          {isAdminKind(tab) && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ mode: 'create', kind: tab, values: emptyAdminValues })}
              data-testid="admin-add"
            >
              {t(`add.${tab}`)}
            </Button>
          )}
        </Stack>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 1, mt: 1 }}>
          <Tabs value={tab} onChange={(_, next: AdminTab) => setTab(next)} variant="scrollable" allowScrollButtonsMobile>
            {tabs.map(({ kind, key }) => (
              <Tab
                key={kind}
                value={kind}
                id={`admin-tab-${key}`}
                aria-controls={ADMIN_TABPANEL}
                data-testid={`admin-tab-${key}`}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{t(`tabs.${key}`)}</span>
                    <Chip size="small" label={countOf(lists[kind]) ?? '…'} data-testid={`admin-count-${key}`} />
                  </Stack>
                }
              />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={ADMIN_TABPANEL} aria-labelledby={`admin-tab-${tabKey(tab)}`}>
          {tab === 'brand' && grid(brands, brands.data?.data.brands, columns.brand, brandList, brandList.sortingOf(nameSortColumns))}
          {tab === 'affiliate' &&
            grid(affiliates, affiliates.data?.data.affiliates, columns.affiliate, affiliateList, affiliateList.sortingOf(nameSortColumns))}
          {tab === 'campaign' &&
            grid(campaigns, campaigns.data?.data.campaigns, columns.campaign, campaignList, campaignList.sortingOf(nameSortColumns))}
          {tab === 'conversion' &&
            grid(conversions, conversions.data?.data.conversions, columns.conversion, conversionList, conversionList.sortingOf(conversionSortColumns))}
          {tab === 'discountCode' && grid(discountCodes, discountCodes.data?.data.discount_codes, columns.discountCode, codePages)}
          {tab === 'trackingLink' && grid(trackingLinks, trackingLinks.data?.data.links, columns.trackingLink, linkPages)}
        </Box>
      </Card>
      <JobsCard />
      <AdminEntityDialog state={dialog} busy={saving} onClose={() => setDialog(null)} onSubmit={save} />
      <ResetLinkDialog account={resetFor} onClose={() => setResetFor(null)} />
      <CreateHostDialog open={hostOpen} busy={createHost.isPending} onClose={() => setHostOpen(false)} onSubmit={addHost} />
      <InviteLinkDialog invite={inviteLink} onClose={() => setInviteLink(null)} />
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? t(`deleteConfirm.${deleting.kind}`) : ''}
        confirmLabel={t('common:actions.delete')}
        busy={deleteBusy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
