import type { AccountType } from '../api/generated/model';

/** Page identifiers: the first path segment of a protected route, plus the docs link. */
export type PageId =
  | 'dashboard'
  | 'brands'
  | 'offers'
  | 'campaigns'
  | 'tracking'
  | 'affiliates'
  | 'conversions'
  | 'analytics'
  | 'reports'
  | 'payouts'
  | 'settings'
  | 'integration'
  | 'earnings'
  | 'calendar'
  | 'notifications'
  | 'applications'
  | 'fraud'
  | 'activity'
  | 'shopify-setup'
  | 'discount-codes'
  | 'admin'
  | 'data-management'
  | 'docs';

export interface MenuItem {
  page: PageId;
  /** Key in the nav namespace. */
  label: string;
  icon: string;
}

export interface MenuGroup {
  /** Key in the nav namespace; null for items shown without a group heading. */
  label: string | null;
  items: MenuItem[];
  /** Groups not open by default start collapsed on desktop. */
  defaultOpen: boolean;
}

export const DOCS_URL = '/docs/index.html';

const item = (page: PageId, label: string, icon: string): MenuItem => ({ page, label, icon });

const brandMenu: MenuGroup[] = [
  { label: null, defaultOpen: true, items: [item('dashboard', 'items.dashboard', 'dashboard')] },
  {
    label: 'groups.management',
    defaultOpen: true,
    items: [
      item('offers', 'items.offersBrand', 'offers'),
      item('tracking', 'items.tracking', 'tracking'),
      item('applications', 'items.applications', 'applications'),
      item('affiliates', 'items.affiliates', 'affiliates'),
      item('discount-codes', 'items.discountCodes', 'discountCodes'),
    ],
  },
  {
    label: 'groups.analyticsReports',
    defaultOpen: false,
    items: [
      item('conversions', 'items.conversions', 'conversions'),
      item('analytics', 'items.analytics', 'analytics'),
      item('reports', 'items.reports', 'reports'),
    ],
  },
  {
    label: 'groups.settings',
    defaultOpen: false,
    items: [
      item('integration', 'items.integration', 'integration'),
      item('docs', 'items.docs', 'docs'),
      item('settings', 'items.settings', 'settings'),
    ],
  },
];

const affiliateMenu: MenuGroup[] = [
  {
    label: 'groups.overview',
    defaultOpen: true,
    items: [
      item('dashboard', 'items.dashboard', 'dashboard'),
      item('offers', 'items.offersAffiliate', 'offers'),
      item('tracking', 'items.trackingAffiliate', 'tracking'),
      item('discount-codes', 'items.discountCodes', 'discountCodes'),
    ],
  },
  {
    label: 'groups.performance',
    defaultOpen: false,
    items: [
      item('earnings', 'items.earnings', 'earnings'),
      item('conversions', 'items.conversions', 'conversions'),
      item('analytics', 'items.analytics', 'analytics'),
    ],
  },
];

const hostMenu: MenuGroup[] = [
  {
    label: 'groups.platformOverview',
    defaultOpen: true,
    items: [item('dashboard', 'items.dashboard', 'dashboard'), item('affiliates', 'items.affiliates', 'affiliates')],
  },
  {
    label: 'groups.operations',
    defaultOpen: false,
    items: [
      item('conversions', 'items.conversions', 'conversions'),
      item('admin', 'items.admin', 'admin'),
      item('data-management', 'items.dataManagement', 'dataManagement'),
    ],
  },
  {
    label: 'groups.analytics',
    defaultOpen: false,
    items: [item('analytics', 'items.analytics', 'analytics'), item('reports', 'items.reports', 'reports')],
  },
  {
    label: 'groups.settings',
    defaultOpen: false,
    items: [item('docs', 'items.docs', 'docs'), item('settings', 'items.settings', 'settings')],
  },
];

/** The sidebar for an account type; the brand menu when the user is unknown. */
export function menuFor(accountType: AccountType | undefined): MenuGroup[] {
  if (accountType === 'affiliate') return affiliateMenu;
  if (accountType === 'host') return hostMenu;
  return brandMenu;
}

/** The sections each account type may open (seed 'Sections per account type'). */
export const sectionsFor: Record<AccountType, readonly PageId[]> = {
  brand: [
    'dashboard',
    'offers',
    'tracking',
    'applications',
    'discount-codes',
    'affiliates',
    'conversions',
    'analytics',
    'reports',
    'payouts',
    'settings',
    'integration',
    'shopify-setup',
    'docs',
  ],
  affiliate: [
    'dashboard',
    'offers',
    'tracking',
    'discount-codes',
    'earnings',
    'conversions',
    'analytics',
    'reports',
    'payouts',
    'calendar',
    'notifications',
    'docs',
    'settings',
  ],
  host: [
    'dashboard',
    'conversions',
    'affiliates',
    'analytics',
    'reports',
    'admin',
    'data-management',
    'payouts',
    'settings',
    'docs',
  ],
};

/** The active section: the first path segment, dashboard for '/'. */
export function activePage(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0];
  return first ?? 'dashboard';
}
