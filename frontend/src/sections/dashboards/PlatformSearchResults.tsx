import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useListAffiliates } from '../../api/generated/affiliates/affiliates';
import { useListBrands } from '../../api/generated/brands/brands';
import { useListCampaigns } from '../../api/generated/campaigns/campaigns';
import { brandDomains, brandName } from '../admin/adminKinds';

/** How many of each kind the dashboard lists; the rest are one click away in Admin. */
export const SEARCH_RESULTS_PER_GROUP = 5;

/** The admin screen opened on a tab with its search box filled in. */
export function adminSearchPath(tab: 'brands' | 'affiliates' | 'campaigns', query: string): string {
  return `/admin?${new URLSearchParams({ tab, q: query })}`;
}

interface Hit {
  id: string;
  primary: string;
  secondary: string;
}

interface GroupState {
  isPending: boolean;
  isError: boolean;
}

function ResultGroup({
  tab,
  title,
  icon,
  query,
  state,
  total,
  hits,
}: {
  tab: 'brands' | 'affiliates' | 'campaigns';
  title: string;
  icon: ReactNode;
  query: string;
  state: GroupState;
  total: number;
  hits: Hit[];
}) {
  const { t } = useTranslation('sections');
  return (
    <Grid size={{ xs: 12, md: 4 }}>
      <Card sx={{ height: '100%' }} data-testid={`search-group-${tab}`}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            {icon}
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
              {title}
            </Typography>
            {!state.isPending && !state.isError && (
              <Typography variant="body2" color="text.secondary" data-testid={`search-count-${tab}`}>
                {total}
              </Typography>
            )}
          </Stack>
          {state.isPending && <LinearProgress aria-label={t('dashboard.searching')} />}
          {state.isError && (
            <Alert severity="error" variant="outlined">
              {t('dashboard.searchFailed')}
            </Alert>
          )}
          {!state.isPending && !state.isError && hits.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.searchNone')}
            </Typography>
          )}
          {hits.length > 0 && (
            <List dense disablePadding>
              {hits.map((hit) => (
                <ListItem key={hit.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={adminSearchPath(tab, hit.id)}
                  data-testid="search-hit"
                  sx={{ borderRadius: 1, px: 1 }}
                >
                  <ListItemText
                    primary={hit.primary}
                    secondary={hit.secondary}
                    slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  />
                </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          {total > hits.length && (
            <Link component={RouterLink} to={adminSearchPath(tab, query)} variant="body2" data-testid={`search-all-${tab}`}>
              {t('dashboard.searchSeeAll', { count: total })}
            </Link>
          )}
        </CardContent>
      </Card>
    </Grid>
  );
}

/** The host dashboard's search over brands, affiliates and campaigns, grouped by kind, linking into Admin. */
export function PlatformSearchResults({ query }: { query: string }) {
  const { t } = useTranslation(['sections', 'campaigns']);
  const params = { query, limit: SEARCH_RESULTS_PER_GROUP };
  const enabled = query !== '';
  const brands = useListBrands(params, { query: { enabled } });
  const affiliates = useListAffiliates(params, { query: { enabled } });
  const campaigns = useListCampaigns(params, { query: { enabled } });
  if (!enabled) return null;

  const brandHits = (brands.data?.data.brands ?? []).map((brand) => ({ id: brand.id, primary: brandName(brand), secondary: brandDomains(brand) }));
  const affiliateHits = (affiliates.data?.data.affiliates ?? []).map((affiliate) => ({
    id: affiliate.id,
    primary: affiliate.name,
    secondary: affiliate.email,
  }));
  const campaignHits = (campaigns.data?.data.campaigns ?? []).map((campaign) => ({
    id: campaign.id,
    primary: campaign.name,
    secondary: `${campaign.brand_name} · ${t(`campaigns:status.${campaign.status}`)}`,
  }));
  const groups = [
    { tab: 'brands', icon: <BusinessIcon fontSize="small" />, list: brands, total: brands.data?.data.total, hits: brandHits },
    { tab: 'affiliates', icon: <GroupsIcon fontSize="small" />, list: affiliates, total: affiliates.data?.data.total, hits: affiliateHits },
    { tab: 'campaigns', icon: <CampaignIcon fontSize="small" />, list: campaigns, total: campaigns.data?.data.total, hits: campaignHits },
  ] as const;
  const nothing = groups.every(({ list, hits }) => list.isSuccess && hits.length === 0);

  return (
    <Box component="section" aria-label={t('dashboard.searchResults')} data-testid="platform-search-results">
      {nothing ? (
        <Typography color="text.secondary" data-testid="platform-search-empty">
          {t('dashboard.searchEmpty', { query })}
        </Typography>
      ) : (
        <Grid container spacing={2}>
          {groups.map(({ tab, icon, list, total, hits }) => (
            <ResultGroup
              key={tab}
              tab={tab}
              title={t(`dashboard.searchGroups.${tab}`)}
              icon={icon}
              query={query}
              state={list}
              total={total ?? 0}
              hits={hits}
            />
          ))}
        </Grid>
      )}
    </Box>
  );
}
