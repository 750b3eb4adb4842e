import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import InviteIcon from '@mui/icons-material/ForwardToInboxOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  InputAdornment,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, isServerRefusal, type FieldInfos } from '../../api/errors';
import { useCreateAffiliateInviteLink, useCreateHost } from '../../api/generated/admin/admin';
import type { Affiliate } from '../../api/generated/model';
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
import { getListTrackingLinksQueryKey, useListTrackingLinks } from '../../api/generated/tracking/tracking';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast, type ToastInput } from '../../toasts/ToastProvider';
import { formatAmount, formatCount, formatDate } from '../../preferences/format';
import { fractionAsPercent } from '../offers/campaignText';
import { SectionHeader } from '../SectionHeader';
import { AdminEntityDialog, emptyAdminValues, type AdminDialogState, type AdminEntityValues } from './AdminEntityDialog';
import {
  brandDomain,
  brandName,
  filterAffiliates,
  filterBrands,
  filterCampaigns,
  filterConversions,
  filterDiscountCodes,
  filterTrackingLinks,
  isAdminKind,
  type AdminKind,
  type AdminTab,
} from './adminSearch';
import { AccountActions } from './AccountActions';
import { CreateHostDialog, type HostAccountValues } from './CreateHostDialog';
import { InviteLinkDialog, type InviteLink } from './InviteLinkDialog';
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

const ADMIN_LIST = { limit: 1000 } as const;

function IdCell({ id }: { id: string }) {
  return (
    <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap' }}>{id}</TableCell>
  );
}

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
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
    </TableCell>
  );
}

function AdminTable({ head, rows, empty }: { head: string[]; rows: ReactNode; empty: string | null }) {
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((label, index) => (
              <TableCell key={label} align={index === head.length - 1 ? 'right' : 'left'}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {empty ? (
            <TableRow>
              <TableCell colSpan={head.length} data-testid="admin-empty">
                <Typography color="text.secondary" variant="body2" sx={{ py: 2 }}>
                  {empty}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The host's admin screen (seed 'Admin screen'): brands, affiliates and campaigns with search, add, edit and delete. */
export default function AdminPage() {
  const { t, i18n } = useTranslation(['admin', 'common', 'auth']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const brands = useListBrands(ADMIN_LIST);
  const affiliates = useListAffiliates(ADMIN_LIST);
  const campaigns = useListCampaigns(ADMIN_LIST);
  const conversions = useListConversions(ADMIN_LIST);
  const discountCodes = useListDiscountCodes(ADMIN_LIST);
  const trackingLinks = useListTrackingLinks(ADMIN_LIST);
  // The dashboard's search links here with ?tab=brands&q=… to open one tab already filtered.
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<AdminTab>(() => tabs.find(({ key }) => key === searchParams.get('tab'))?.kind ?? 'brand');
  const [search, setSearch] = useState(() => searchParams.get('q') ?? '');
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
  const failedAt = Math.max(
    brands.errorUpdatedAt,
    affiliates.errorUpdatedAt,
    campaigns.errorUpdatedAt,
    conversions.errorUpdatedAt,
    discountCodes.errorUpdatedAt,
    trackingLinks.errorUpdatedAt,
  );
  useEffect(() => {
    if (failedAt > 0) toast({ severity: 'error', title: t('toasts.error'), message: t('toasts.loadFailed') });
  }, [failedAt, t, toast]);

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListBrandsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListAffiliatesQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListCampaignsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListConversionsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListDiscountCodesQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListTrackingLinksQueryKey() }),
    ]);

  // Labels and limits of the admin forms' fields, to explain a refusal.
  const fields: FieldInfos = {
    name: { label: t('fields.name'), limits: contractLimits.BrandInput.name },
    domain: { label: t('fields.domain'), limits: contractLimits.BrandInput.domain },
    email: { label: t('fields.email'), limits: contractLimits.AffiliateInput.email },
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

  const allBrands = useMemo(() => brands.data?.data.brands ?? [], [brands.data]);
  const allAffiliates = useMemo(() => affiliates.data?.data.affiliates ?? [], [affiliates.data]);
  const allCampaigns = useMemo(() => campaigns.data?.data.campaigns ?? [], [campaigns.data]);
  const shownBrands = useMemo(() => filterBrands(allBrands, search), [allBrands, search]);
  const shownAffiliates = useMemo(() => filterAffiliates(allAffiliates, search), [allAffiliates, search]);
  const shownCampaigns = useMemo(() => filterCampaigns(allCampaigns, search), [allCampaigns, search]);
  const allConversions = useMemo(() => conversions.data?.data.conversions ?? [], [conversions.data]);
  const shownConversions = useMemo(() => filterConversions(allConversions, search), [allConversions, search]);
  const allCodes = useMemo(() => discountCodes.data?.data.discount_codes ?? [], [discountCodes.data]);
  const allLinks = useMemo(() => trackingLinks.data?.data.links ?? [], [trackingLinks.data]);
  const shownCodes = useMemo(() => filterDiscountCodes(allCodes, search), [allCodes, search]);
  const shownLinks = useMemo(() => filterTrackingLinks(allLinks, search), [allLinks, search]);
  const searching = search.trim() !== '';
  // A list still loading has no count yet: '…' rather than a 0 that is not true.
  const countOf = (list: { isPending: boolean; data?: { data: { total: number } } }, shown: number) =>
    list.isPending ? null : searching ? shown : (list.data?.data.total ?? shown);
  const counts: Record<AdminTab, number | null> = {
    brand: countOf(brands, shownBrands.length),
    affiliate: countOf(affiliates, shownAffiliates.length),
    campaign: countOf(campaigns, shownCampaigns.length),
    conversion: countOf(conversions, shownConversions.length),
    discountCode: countOf(discountCodes, shownCodes.length),
    trackingLink: countOf(trackingLinks, shownLinks.length),
  };

  const brandOptions = useMemo(
    () => allBrands.map((brand) => ({ id: brand.id, name: brandName(brand) })).sort((a, b) => a.name.localeCompare(b.name)),
    [allBrands],
  );

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
        else await updateAffiliate.mutateAsync({ id: state.id as string, data: body });
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
  const editLabel = t('common:actions.edit');
  const deleteLabel = t('common:actions.delete');
  const loading = [brands, affiliates, campaigns, conversions, discountCodes, trackingLinks].some((list) => list.isPending);
  const emptyText = (shown: number) => {
    if (shown > 0) return null;
    if (loading) return t('common:loading');
    return searching ? t('noMatches', { query: search.trim() }) : t('empty');
  };

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
              onClick={() =>
                void Promise.all([
                  brands.refetch(),
                  affiliates.refetch(),
                  campaigns.refetch(),
                  conversions.refetch(),
                  discountCodes.refetch(),
                  trackingLinks.refetch(),
                ])
              }
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
                    <Chip size="small" label={counts[kind] ?? '…'} data-testid={`admin-count-${key}`} />
                  </Stack>
                }
              />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={ADMIN_TABPANEL} aria-labelledby={`admin-tab-${tabKey(tab)}`}>
          {tab === 'brand' && (
            <AdminTable
              head={[t('columns.id'), t('columns.name'), t('columns.domain'), t('columns.actions')]}
              empty={emptyText(shownBrands.length)}
              rows={shownBrands.map((brand) => (
                <TableRow key={brand.id} hover data-testid="admin-row">
                  <IdCell id={brand.id} />
                  <TableCell sx={{ fontWeight: 600 }}>{brandName(brand)}</TableCell>
                  <TableCell>{brandDomain(brand) || '—'}</TableCell>
                  <RowActions
                    editLabel={editLabel}
                    deleteLabel={deleteLabel}
                    accountActions={
                      <AccountActions
                        userId={brand.owner_user_id}
                        name={brandName(brand)}
                        email={brand.owner_email ?? ''}
                        onResetLink={setResetFor}
                      />
                    }
                    onEdit={() => edit('brand', brand.id, { name: brandName(brand), domain: brandDomain(brand) })}
                    onDelete={() => setDeleting({ kind: 'brand', id: brand.id })}
                  />
                </TableRow>
              ))}
            />
          )}
          {tab === 'affiliate' && (
            <AdminTable
              head={[t('columns.id'), t('columns.name'), t('columns.email'), t('columns.actions')]}
              empty={emptyText(shownAffiliates.length)}
              rows={shownAffiliates.map((affiliate) => (
                <TableRow key={affiliate.id} hover data-testid="admin-row">
                  <IdCell id={affiliate.id} />
                  <TableCell sx={{ fontWeight: 600 }}>{affiliate.name}</TableCell>
                  <TableCell>{affiliate.email}</TableCell>
                  <RowActions
                    editLabel={editLabel}
                    deleteLabel={deleteLabel}
                    accountActions={
                      <>
                        <AccountActions userId={affiliate.user_id} name={affiliate.name} email={affiliate.email} onResetLink={setResetFor} />
                        {/* Only an affiliate nobody signed up for yet can be claimed through an invitation. */}
                        {affiliate.user_id === null && (
                          <Tooltip title={t('inviteLink.action')}>
                            <IconButton
                              size="small"
                              aria-label={t('inviteLink.action')}
                              onClick={() => void invite(affiliate)}
                              data-testid="admin-invite-link"
                            >
                              <InviteIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </>
                    }
                    onEdit={() => edit('affiliate', affiliate.id, { name: affiliate.name, email: affiliate.email })}
                    onDelete={() => setDeleting({ kind: 'affiliate', id: affiliate.id })}
                  />
                </TableRow>
              ))}
            />
          )}
          {tab === 'campaign' && (
            <AdminTable
              head={[t('columns.id'), t('columns.name'), t('columns.status'), t('columns.actions')]}
              empty={emptyText(shownCampaigns.length)}
              rows={shownCampaigns.map((campaign) => (
                <TableRow key={campaign.id} hover data-testid="admin-row">
                  <IdCell id={campaign.id} />
                  <TableCell sx={{ fontWeight: 600 }}>{campaign.name}</TableCell>
                  <TableCell data-testid="admin-campaign-status">{campaign.status}</TableCell>
                  <RowActions
                    editLabel={editLabel}
                    deleteLabel={deleteLabel}
                    onEdit={() => edit('campaign', campaign.id, { name: campaign.name, status: campaign.status })}
                    onDelete={() => setDeleting({ kind: 'campaign', id: campaign.id })}
                  />
                </TableRow>
              ))}
            />
          )}
          {tab === 'conversion' && (
            <AdminTable
              head={[t('columns.orderId'), t('columns.customerEmail'), t('columns.amount'), t('columns.commission'), t('columns.converted')]}
              empty={emptyText(shownConversions.length)}
              rows={shownConversions.map((conversion) => (
                <TableRow key={conversion.id} hover data-testid="admin-row">
                  <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{conversion.order_id}</TableCell>
                  <TableCell>{conversion.customer_email || '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="admin-conversion-amount">
                    {/* Seed: the amount with its currency, USD when none. */}
                    {formatAmount(conversion.order_total, conversion.currency || 'USD')}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="admin-conversion-commission">
                    {formatAmount(conversion.commission_amount, conversion.commission_currency || 'USD')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(conversion.converted_at)}
                  </TableCell>
                </TableRow>
              ))}
            />
          )}
          {tab === 'discountCode' && (
            <AdminTable
              head={[
                t('columns.code'),
                t('columns.affiliate'),
                t('columns.brand'),
                t('columns.campaign'),
                t('columns.type'),
                t('columns.value'),
                t('columns.status'),
                t('columns.usage'),
              ]}
              empty={emptyText(shownCodes.length)}
              rows={shownCodes.map((code) => (
                <TableRow key={code.id} hover data-testid="admin-row">
                  <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{code.code}</TableCell>
                  <TableCell>{code.affiliate_name}</TableCell>
                  <TableCell>{code.brand_name}</TableCell>
                  <TableCell>{code.campaign_name}</TableCell>
                  <TableCell>{t(`discountTypes.${code.discount_type}`)}</TableCell>
                  <TableCell data-testid="admin-code-value">
                    {code.discount_type === 'percentage' ? fractionAsPercent(code.discount_value) : code.discount_value}
                  </TableCell>
                  <TableCell>{t(`codeStatuses.${code.status}`)}</TableCell>
                  <TableCell align="right" data-testid="admin-code-usage">
                    {code.current_usage_count}/{code.usage_limit ?? '∞'}
                  </TableCell>
                </TableRow>
              ))}
            />
          )}
          {tab === 'trackingLink' && (
            <AdminTable
              head={[t('columns.name'), t('columns.shortCode'), t('columns.destination'), t('columns.clicks'), t('columns.status')]}
              empty={emptyText(shownLinks.length)}
              rows={shownLinks.map((link) => (
                <TableRow key={link.id} hover data-testid="admin-row">
                  <TableCell sx={{ fontWeight: 600 }}>{link.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{link.short_code}</TableCell>
                  <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={link.destination_url}>
                    {link.destination_url}
                  </TableCell>
                  <TableCell data-testid="admin-link-clicks">{formatCount(link.click_count, i18n.language)}</TableCell>
                  <TableCell align="right">{t(`linkStatuses.${link.status}`)}</TableCell>
                </TableRow>
              ))}
            />
          )}
        </Box>
      </Card>
      <AdminEntityDialog state={dialog} brands={brandOptions} busy={saving} onClose={() => setDialog(null)} onSubmit={save} />
      <ResetLinkDialog account={resetFor} onClose={() => setResetFor(null)} />
      <CreateHostDialog open={hostOpen} busy={createHost.isPending} onClose={() => setHostOpen(false)} onSubmit={addHost} />
      <InviteLinkDialog invite={inviteLink} onClose={() => setInviteLink(null)} />
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? t(`deleteConfirm.${deleting.kind}`) : ''}
        confirmLabel={deleteLabel}
        busy={deleteBusy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
