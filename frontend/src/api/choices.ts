import { useQueries } from '@tanstack/react-query';
import { listAffiliates } from './generated/affiliates/affiliates';
import { listBrands } from './generated/brands/brands';
import { listApplications, listCampaigns, listMyCampaigns } from './generated/campaigns/campaigns';
import { CampaignStatus, MembershipStatus, NameSortParameter, SortOrderParameter, type Campaign } from './generated/model';
import { brandName } from '../sections/admin/adminKinds';
import { CHOICES_PAGE, type Choice } from '../components/SearchSelect';

/** The searched part of a list request: its query when one is typed, a page in name order. */
const byName = (query: string) => ({
  ...(query ? { query } : {}),
  limit: CHOICES_PAGE,
  sort: NameSortParameter.name,
  order: SortOrderParameter.asc,
});

/** The caller's campaigns whose name contains `query` (SearchSelect's `search`). */
export async function campaignChoices(query: string, signal?: AbortSignal): Promise<Choice[]> {
  const response = await listCampaigns(byName(query), { signal });
  return response.data.campaigns.map(({ id, name }) => ({ id, name }));
}

/** The affiliates the caller sees whose name or email contains `query`. */
export async function affiliateChoices(query: string, signal?: AbortSignal): Promise<Choice[]> {
  const response = await listAffiliates(byName(query), { signal });
  return response.data.affiliates.map(({ id, name }) => ({ id, name }));
}

/** The brands whose name or domain contains `query` (the host's). */
export async function brandChoices(query: string, signal?: AbortSignal): Promise<Choice[]> {
  const response = await listBrands(byName(query), { signal });
  return response.data.brands.map((brand) => ({ id: brand.id, name: brandName(brand) }));
}

/**
 * The approved applications (of one campaign or affiliate, when given) whose affiliate or campaign
 * contains `query`, newest first: each is an affiliate approved in a campaign.
 */
export async function approvedApplications(query: string, signal?: AbortSignal, of: { campaignId?: string; affiliateId?: string } = {}) {
  const response = await listApplications(
    {
      ...(query ? { query } : {}),
      ...(of.campaignId ? { campaign_id: of.campaignId } : {}),
      ...(of.affiliateId ? { affiliate_id: of.affiliateId } : {}),
      status: MembershipStatus.approved,
      limit: CHOICES_PAGE,
    },
    { signal },
  );
  return response.data;
}

/** The affiliates approved in a campaign whose name or email contains `query`. */
export async function approvedAffiliateChoices(campaignId: string, query: string, signal?: AbortSignal): Promise<Choice[]> {
  const { applications } = await approvedApplications(query, signal, { campaignId });
  return applications.map((a) => ({ id: a.affiliate_id, name: a.affiliate_name }));
}

/** The campaigns an affiliate is approved in whose name contains `query`. */
export async function approvedCampaignChoices(affiliateId: string, query: string, signal?: AbortSignal): Promise<Choice[]> {
  const { applications } = await approvedApplications(query, signal, { affiliateId });
  return applications.map((a) => ({ id: a.campaign_id, name: a.campaign_name }));
}

/**
 * The affiliates approved in any of the caller's campaigns whose name, email or campaign contains
 * `query` (each once, though it may be approved in several).
 */
export async function anyApprovedAffiliateChoices(query: string, signal?: AbortSignal): Promise<Choice[]> {
  const { applications } = await approvedApplications(query, signal);
  const byId = new Map(applications.map((a) => [a.affiliate_id, { id: a.affiliate_id, name: a.affiliate_name }]));
  return [...byId.values()];
}

/** The caller's campaigns whose name contains `query`, whole (a dialog needs their terms). */
export async function campaignPage(query: string, signal?: AbortSignal): Promise<Campaign[]> {
  return (await listCampaigns(byName(query), { signal })).data.campaigns;
}

/** What narrows an affiliate's own campaigns to those it can make a link for: approved in, and active. */
export const LINKABLE_CAMPAIGNS = { membership_status: MembershipStatus.approved, status: CampaignStatus.active } as const;

/** The affiliate's linkable campaigns whose name contains `query`, whole (the link form needs the homepage). */
export async function linkableCampaignPage(query: string, signal?: AbortSignal): Promise<Campaign[]> {
  return (await listMyCampaigns({ ...byName(query), ...LINKABLE_CAMPAIGNS }, { signal })).data.campaigns;
}

/**
 * Campaigns by id, each fetched once and kept (the list's search matches a campaign's id), so a
 * page of rows shows its campaigns' terms without the whole list of campaigns being loaded.
 */
export function useCampaignsById(ids: readonly string[]): Map<string, Campaign> {
  const unique = [...new Set(ids.filter(Boolean))];
  const found = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['campaign-by-id', id],
      queryFn: async ({ signal }: { signal: AbortSignal }) => (await listCampaigns({ query: id, limit: 1 }, { signal })).data.campaigns[0] ?? null,
      staleTime: 60_000,
    })),
  });
  const byId = new Map<string, Campaign>();
  for (const result of found) if (result.data) byId.set(result.data.id, result.data);
  return byId;
}
