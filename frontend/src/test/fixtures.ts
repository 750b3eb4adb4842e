import type { Campaign } from '../api/generated/model';

/** A campaign as the API sends it, for tests: an active, public, auto-approved 10% campaign, changed by overrides. */
export function campaignFixture(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'c-1',
    brand_id: 'b-1',
    brand_name: 'Ada Shoes',
    name: 'Summer Sale',
    description: '',
    homepage_url: null,
    status: 'active',
    start_date: null,
    end_date: null,
    budget: null,
    remaining: null,
    currency: 'RON',
    commission_type: 'percentage',
    commission_value: '0.10',
    commission_base: 'subtotal',
    recurring: 'first_payment',
    recurring_limit: null,
    product_rates: [],
    tier_basis: 'revenue',
    tiers: [],
    attribution_window_days: 30,
    visibility: 'public',
    approval_mode: 'auto',
    created_at: '2026-10-01T00:00:00Z',
    membership_status: null,
    affiliates_count: 1,
    ...overrides,
  } as Campaign;
}
