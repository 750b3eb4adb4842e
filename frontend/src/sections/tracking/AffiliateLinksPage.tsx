import LinkIcon from '@mui/icons-material/AddLink';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Grid, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, type FieldInfos } from '../../api/errors';
import { LengthHelper } from '../../components/LengthHelper';
import { LINKABLE_CAMPAIGNS, linkableCampaignPage } from '../../api/choices';
import { useListMyCampaigns } from '../../api/generated/campaigns/campaigns';
import type { Campaign, TrackingLink } from '../../api/generated/model';
import { SearchSelect } from '../../components/SearchSelect';
import { keyed, useForm } from '../../forms/useForm';
import {
  getListAffiliateLinksQueryKey,
  useGenerateAffiliateLink,
  useListAffiliateLinks,
} from '../../api/generated/tracking/tracking';
import { QueryStatus } from '../../components/QueryStatus';
import { figureColumn, ServerGrid } from '../../components/ServerGrid';
import { usePaging } from '../../components/usePaging';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { ClickCount, CopyableCode, Destination, LinkStatusChip, RefreshButton } from './LinkParts';
import {
  MAX_NAME_LENGTH,
  affiliateFormToInput,
  emptyAffiliateLinkForm,
  linkFormCodes,
  validateAffiliateLinkForm,
  type AffiliateLinkFormValues,
  type LinkFormKey,
} from './linkForm';

// GET /affiliate-links goes with no-cache headers so counts are never an old copy.
const NO_CACHE: RequestInit = { cache: 'no-store', headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } };

type AffiliateField = keyof AffiliateLinkFormValues;

const PAGE_SIZES = [25, 50, 100];

/** The generate-link card: a joined campaign, an optional name and destination; then the new address to copy. */
function GenerateLinkCard({ onGenerated }: { onGenerated: () => void }) {
  const { t } = useTranslation('tracking');
  const toast = useToast();
  // Whether there is any campaign to make a link for; the field searches them a page at a time.
  const linkable = useListMyCampaigns({ ...LINKABLE_CAMPAIGNS, limit: 1 });
  const hasLinkable = (linkable.data?.data.total ?? 0) > 0;
  const generate = useGenerateAffiliateLink();
  const [picked, setPicked] = useState<Campaign | null>(null);
  const [created, setCreated] = useState<TrackingLink | null>(null);
  const fieldInfos: FieldInfos = {
    name: { label: t('fields.name'), limits: contractLimits.AffiliateLinkInput.name },
    destination_url: { label: t('fields.destination_url'), limits: contractLimits.AffiliateLinkInput.destination_url },
  };
  const codes = linkFormCodes('affiliate', (key) => t(key));
  const form = useForm({
    initial: emptyAffiliateLinkForm,
    text: (key: LinkFormKey) => t(key),
    validate: (values) =>
      keyed(validateAffiliateLinkForm(values, picked?.id === values.campaign_id ? picked.homepage_url : undefined)),
    fields: fieldInfos,
    // A blank destination of a campaign without a homepage answers DESTINATION_REQUIRED.
    codes,
    send: (values) => generate.mutateAsync({ data: affiliateFormToInput(values) }),
    onSaved: (response, values) => {
      setCreated(response.data.link);
      form.reset({ ...emptyAffiliateLinkForm(), campaign_id: values.campaign_id });
      onGenerated();
    },
    refusal: (error) => {
      toast({ severity: 'error', title: t('toasts.generateFailed'), message: errorMessage(error, t('toasts.unexpected'), { fields: fieldInfos }) });
      return null;
    },
  });
  const { values } = form;
  const chosen = picked?.id === values.campaign_id ? picked : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  const fieldProps = (field: AffiliateField, help?: string, slots: Record<string, object> = {}) => {
    return {
      ...form.field(field, help),
      label: t(`fields.${field}`),
      fullWidth: true,
      size: 'small' as const,
      slotProps: { ...slots, formHelperText: { 'data-testid': `${field}-message` } as object },
    };
  };

  return (
    <Card sx={{ mb: 3 }} data-testid="generate-card">
      <CardContent>
        <Typography variant="h6">{t('generate.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('generate.help')}
        </Typography>
        <QueryStatus loading={linkable.isPending} error={linkable.error} onRetry={() => void linkable.refetch()} />
        {linkable.isSuccess && !hasLinkable && (
          <Alert
            severity="info"
            data-testid="generate-no-campaigns"
            action={
              <Button component={RouterLink} to="/offers" color="inherit" size="small">
                {t('generate.browse')}
              </Button>
            }
          >
            {t('generate.noCampaigns')}
          </Alert>
        )}
        {linkable.isSuccess && hasLinkable && (
          <Box component="form" onSubmit={submit} noValidate>
            <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Grid size={{ xs: 12, md: 4 }}>
                <SearchSelect
                  name="campaign_id"
                  label={t('fields.campaign_id')}
                  placeholder={t('dialog.chooseCampaign')}
                  value={values.campaign_id}
                  onChange={(id, campaign) => {
                    setPicked(campaign);
                    form.set('campaign_id', id);
                  }}
                  search={linkableCampaignPage}
                  queryKey="linkable-campaigns"
                  testId="generate-campaign"
                  helperTestId="campaign_id-message"
                  error={Boolean(form.errors.campaign_id)}
                  helperText={form.errors.campaign_id}
                  required
                />
              </Grid>
              <Grid size={{ xs: 12, md: 3 }}>
                <TextField
                  {...fieldProps('name', t('help.nameAffiliate'))}
                  helperText={
                    <LengthHelper text={fieldProps('name', t('help.nameAffiliate')).helperText} length={values.name.trim().length} max={MAX_NAME_LENGTH} />
                  }
                  placeholder={chosen?.name}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <TextField
                  {...fieldProps(
                    'destination_url',
                    !chosen
                      ? t('help.destinationAffiliate')
                      : chosen.homepage_url
                        ? t('help.destinationDefault', { url: chosen.homepage_url })
                        : t('help.destinationNoHomepage'),
                  )}
                  type="url"
                  placeholder={chosen?.homepage_url ?? 'https://shop.example.com/product'}
                />
              </Grid>
              <Grid size={12}>
                <Button type="submit" variant="contained" startIcon={<LinkIcon />} disabled={form.pending} data-testid="generate-submit">
                  {t('generate.button')}
                </Button>
              </Grid>
            </Grid>
          </Box>
        )}
        {created && (
          <Alert severity="success" sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }} data-testid="generated-link" onClose={() => setCreated(null)}>
            <AlertTitle>{t('generate.result', { name: created.name })}</AlertTitle>
            <CopyableCode value={created.tracking_url} testId="generated-url" wrap />
            <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
              {t('generate.share', { destination: created.destination_url })}
            </Typography>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** Affiliate 'My Links': generate a link for a joined campaign, and its links with their clicks. */
export default function AffiliateLinksPage() {
  const { t } = useTranslation(['tracking', 'sections']);
  const queryClient = useQueryClient();
  const paging = usePaging(PAGE_SIZES);
  const links = useListAffiliateLinks(paging.params, { query: { refetchOnMount: 'always', placeholderData: keepPreviousData }, request: NO_CACHE });
  const list = links.data?.data.links ?? [];
  const total = links.data?.data.total ?? 0;
  const refresh = () => void links.refetch();
  const columns: GridColDef<TrackingLink>[] = [
    {
      field: 'name',
      headerName: t('columns.name'),
      flex: 1,
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ fontWeight: 600, py: 1, overflowWrap: 'anywhere' }} data-testid="link-name">
          {row.name}
        </Box>
      ),
    },
    { field: 'campaign_name', headerName: t('columns.campaign'), flex: 1, minWidth: 120, sortable: false },
    {
      field: 'tracking_url',
      headerName: t('columns.trackingUrl'),
      flex: 1.5,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => <CopyableCode value={row.tracking_url} testId="link-url" wrap />,
    },
    {
      field: 'destination_url',
      headerName: t('columns.destination'),
      flex: 1,
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => <Destination url={row.destination_url} />,
    },
    {
      field: 'click_count',
      headerName: t('columns.clicks'),
      ...figureColumn,
      minWidth: 80,
      sortable: false,
      renderCell: ({ row }) => <ClickCount count={row.click_count} bots={row.bot_clicks} />,
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) => <LinkStatusChip status={row.status} />,
    },
  ];

  return (
    <>
      <SectionHeader
        title={t('sections:titles.trackingAffiliate')}
        subtitle={t('sections:descriptions.trackingAffiliate')}
        actions={<RefreshButton busy={links.isFetching} onClick={refresh} />}
      />
      <GenerateLinkCard onGenerated={() => void queryClient.invalidateQueries({ queryKey: getListAffiliateLinksQueryKey() })} />
      <QueryStatus loading={links.isPending} error={links.error} onRetry={refresh} fallback={t('affiliate.loadFailed')} />
      {links.isSuccess && total === 0 && (
        <Card>
          <Box sx={{ p: 3 }} data-testid="links-empty">
            <Typography variant="h6">{t('affiliate.emptyTitle')}</Typography>
            <Typography color="text.secondary">{t('affiliate.empty')}</Typography>
          </Box>
        </Card>
      )}
      {links.isSuccess && total > 0 && (
        <Card>
          <ServerGrid
            label={t('sections:titles.trackingAffiliate')}
            rows={list}
            columns={columns}
            getRowId={(link) => link.id}
            rowTestId="link-row"
            rowMarks={(link) => ({ 'data-code': link.short_code })}
            paging={paging.pagingOf(total)}
            loading={links.isFetching && links.isPlaceholderData}
            empty=""
            emptyTestId="links-page-empty"
            // Where it leads: what gives way on a narrow screen.
            hideFirst={['destination_url']}
          />
        </Card>
      )}
      {links.isSuccess && list.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('clicksNote')}
        </Typography>
      )}
    </>
  );
}
