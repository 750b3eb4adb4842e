import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AnalyticsIcon from '@mui/icons-material/AnalyticsOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import GppMaybeIcon from '@mui/icons-material/GppMaybeOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructionsOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import PaidIcon from '@mui/icons-material/PaidOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckoutOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import StorageIcon from '@mui/icons-material/StorageOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { QueryClient } from '@tanstack/react-query';
import { getGetBrandDashboardQueryOptions, getGetPlatformOverviewQueryOptions } from '../api/generated/analytics/analytics';
import type { AccountType, CurrencyCode } from '../api/generated/model';
import type { resources } from '../i18n/resources';
import { preloadableLazy, type PreloadableLazy } from '../preloadableLazy';

/** Dotted paths to the texts of a locale namespace, so a mistyped key fails the type check. */
type TextKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TextKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type NavKey = TextKey<(typeof resources)['en']['nav']>;
export type SectionsKey = TextKey<(typeof resources)['en']['sections']>;

/** Page identifiers: the first path segment of a protected route, plus the docs link; one per entry id of `pages`. */
export type PageId = (typeof pageList)[number]['id'];

export type MenuGroupId =
  | 'main'
  | 'management'
  | 'analyticsReports'
  | 'settings'
  | 'overview'
  | 'performance'
  | 'platformOverview'
  | 'operations'
  | 'analytics';

export interface MenuGroupSpec {
  id: MenuGroupId;
  /** Heading (nav namespace); null shows the group's items without one. */
  label: NavKey | null;
  /** Groups not open by default start collapsed on desktop. */
  defaultOpen: boolean;
}

/** The sidebar's groups per account type, in order (docs/product.md §1). */
export const menuGroups: Record<AccountType, readonly MenuGroupSpec[]> = {
  brand: [
    { id: 'main', label: null, defaultOpen: true },
    { id: 'management', label: 'groups.management', defaultOpen: true },
    { id: 'analyticsReports', label: 'groups.analyticsReports', defaultOpen: false },
    { id: 'settings', label: 'groups.settings', defaultOpen: false },
  ],
  affiliate: [
    { id: 'overview', label: 'groups.overview', defaultOpen: true },
    { id: 'performance', label: 'groups.performance', defaultOpen: false },
    { id: 'settings', label: 'groups.settings', defaultOpen: false },
  ],
  host: [
    { id: 'platformOverview', label: 'groups.platformOverview', defaultOpen: true },
    { id: 'operations', label: 'groups.operations', defaultOpen: false },
    { id: 'analytics', label: 'groups.analytics', defaultOpen: false },
    { id: 'settings', label: 'groups.settings', defaultOpen: false },
  ],
};

/** What every page component receives from the shell. */
export interface SectionProps {
  accountType: AccountType;
}

/** What a page's first queries are started with on a cold load. */
export interface PrefetchContext {
  client: QueryClient;
  currency: CurrencyCode;
}

/** A page's component; main.tsx preloads a cold load's page. */
type PageComponent = PreloadableLazy<SectionProps>;
const lazyPage = preloadableLazy<SectionProps>;

interface PageBase<Id extends string> {
  /** The first path segment: the page is served at `/${id}` (and below it). */
  id: Id;
  /** The account types this entry is for; a path no entry serves for the user's type shows 'not available'. */
  roles: readonly AccountType[];
  /** Heading and browser tab title (sections namespace). */
  title: SectionsKey;
  /** What the page holds (sections namespace): its shortcut card and its placeholder. */
  description?: SectionsKey;
  icon: SvgIconComponent;
  /** The page; without one it shows the 'being built' placeholder. */
  component?: PageComponent;
  /**
   * Starts the query the page shows first, with the same key and options as the page's own hook, so
   * that a cold load asks for it together with the page's code instead of after the first render.
   */
  prefetch?: (context: PrefetchContext) => Promise<unknown>;
  /** Opens outside the app (in a new tab) instead of in the shell. */
  href?: string;
  /**
   * How a type without a menu entry for the page reaches it: the notification bell (in the sidebar's
   * head and the top bar) or a link on another page, named by its id. Every page a type may open is
   * in its menu or has one of these (pages.test.ts).
   */
  linkedFrom?: Partial<Record<AccountType, Id | 'notificationBell'>>;
}

/** One page for one or more account types; entries of one id differ by role (their own label, title or component). */
export type PageEntry<Id extends string = PageId> = PageBase<Id> &
  (
    | {
        /** The sidebar group it appears in, per account type; absent types reach it by its path only. */
        menu: Partial<Record<AccountType, MenuGroupId>>;
        /** Sidebar label (nav namespace). */
        label: NavKey;
      }
    | { menu?: undefined; label?: undefined }
  );

export const DOCS_URL = '/docs/index.html';

const ALL: readonly AccountType[] = ['brand', 'affiliate', 'host'];
const TrackingPage = lazyPage(() => import('../sections/tracking/TrackingPage'));

/**
 * Every page of the app, in sidebar order: a group lists its entries in the order they appear here.
 * Routes, the sidebar, shortcut cards, headings of placeholders and the browser tab title all read this list.
 */
const pageList = [
  {
    id: 'dashboard',
    roles: ['brand'],
    label: 'items.dashboard',
    title: 'dashboard.brandTitle',
    icon: DashboardIcon,
    component: lazyPage(() => import('../sections/dashboards/BrandDashboard')),
    prefetch: ({ client, currency }) => client.prefetchQuery(getGetBrandDashboardQueryOptions({ currency })),
    menu: { brand: 'main' },
  },
  {
    id: 'dashboard',
    roles: ['affiliate'],
    label: 'items.dashboard',
    title: 'dashboard.affiliateTitle',
    icon: DashboardIcon,
    component: lazyPage(() => import('../sections/dashboards/AffiliateDashboard')),
    menu: { affiliate: 'overview' },
  },
  {
    id: 'dashboard',
    roles: ['host'],
    label: 'items.dashboard',
    title: 'dashboard.hostTitle',
    icon: DashboardIcon,
    component: lazyPage(() => import('../sections/dashboards/HostDashboard')),
    prefetch: ({ client, currency }) => client.prefetchQuery(getGetPlatformOverviewQueryOptions({ currency })),
    menu: { host: 'platformOverview' },
  },
  {
    id: 'offers',
    roles: ['brand'],
    label: 'items.offersBrand',
    title: 'titles.offersBrand',
    description: 'descriptions.offersBrand',
    icon: CampaignIcon,
    component: lazyPage(() => import('../sections/offers/BrandOffersPage')),
    menu: { brand: 'management' },
  },
  {
    id: 'offers',
    roles: ['affiliate'],
    label: 'items.offersAffiliate',
    title: 'titles.offersAffiliate',
    description: 'descriptions.offersAffiliate',
    icon: CampaignIcon,
    component: lazyPage(() => import('../sections/offers/AffiliateOffersPage')),
    menu: { affiliate: 'overview' },
  },
  {
    id: 'calendar',
    roles: ['affiliate'],
    label: 'items.calendar',
    title: 'titles.calendar',
    description: 'descriptions.calendar',
    icon: CalendarMonthIcon,
    component: lazyPage(() => import('../sections/calendar/CalendarPage')),
    menu: { affiliate: 'overview' },
  },
  {
    id: 'tracking',
    roles: ['brand'],
    label: 'items.tracking',
    title: 'titles.tracking',
    description: 'descriptions.tracking',
    icon: LinkIcon,
    component: TrackingPage,
    menu: { brand: 'management' },
  },
  {
    id: 'tracking',
    roles: ['affiliate'],
    label: 'items.trackingAffiliate',
    title: 'titles.trackingAffiliate',
    description: 'descriptions.trackingAffiliate',
    icon: LinkIcon,
    component: TrackingPage,
    menu: { affiliate: 'overview' },
  },
  {
    id: 'applications',
    roles: ['brand'],
    label: 'items.applications',
    title: 'titles.applications',
    description: 'descriptions.applications',
    icon: HowToRegIcon,
    component: lazyPage(() => import('../sections/applications/ApplicationsPage')),
    menu: { brand: 'management' },
  },
  {
    id: 'affiliates',
    roles: ['brand', 'host'],
    label: 'items.affiliates',
    title: 'titles.affiliates',
    description: 'descriptions.affiliates',
    icon: GroupsIcon,
    component: lazyPage(() => import('../sections/affiliates/AffiliatesPage')),
    menu: { brand: 'management', host: 'platformOverview' },
  },
  {
    id: 'discount-codes',
    roles: ['brand', 'affiliate'],
    label: 'items.discountCodes',
    title: 'titles.discountCodes',
    description: 'descriptions.discountCodes',
    icon: LocalOfferIcon,
    component: lazyPage(() => import('../sections/discountCodes/DiscountCodesPage')),
    menu: { brand: 'management', affiliate: 'overview' },
  },
  {
    id: 'earnings',
    roles: ['affiliate'],
    label: 'items.earnings',
    title: 'titles.earnings',
    description: 'descriptions.earnings',
    icon: PaidIcon,
    component: lazyPage(() => import('../sections/earnings/EarningsPage')),
    menu: { affiliate: 'performance' },
  },
  {
    id: 'conversions',
    roles: ALL,
    label: 'items.conversions',
    title: 'titles.conversions',
    description: 'descriptions.conversions',
    icon: ShoppingCartCheckoutIcon,
    component: lazyPage(() => import('../sections/conversions/ConversionsPage')),
    menu: { brand: 'analyticsReports', affiliate: 'performance', host: 'operations' },
  },
  {
    id: 'payouts',
    roles: ALL,
    label: 'items.payouts',
    title: 'titles.payouts',
    description: 'descriptions.payouts',
    icon: PaymentsIcon,
    component: lazyPage(() => import('../sections/payouts/PayoutsPage')),
    menu: { brand: 'analyticsReports', affiliate: 'performance', host: 'operations' },
  },
  {
    id: 'admin',
    roles: ['host'],
    label: 'items.admin',
    title: 'titles.admin',
    description: 'descriptions.admin',
    icon: AdminPanelSettingsIcon,
    component: lazyPage(() => import('../sections/admin/AdminPage')),
    menu: { host: 'operations' },
  },
  {
    id: 'data-management',
    roles: ['host'],
    label: 'items.dataManagement',
    title: 'titles.dataManagement',
    description: 'descriptions.dataManagement',
    icon: StorageIcon,
    component: lazyPage(() => import('../sections/dataManagement/DataManagementPage')),
    menu: { host: 'operations' },
  },
  {
    id: 'analytics',
    roles: ALL,
    label: 'items.analytics',
    title: 'titles.analytics',
    description: 'descriptions.analytics',
    icon: AnalyticsIcon,
    component: lazyPage(() => import('../sections/analytics/AnalyticsPage')),
    menu: { brand: 'analyticsReports', affiliate: 'performance', host: 'analytics' },
  },
  {
    id: 'reports',
    roles: ALL,
    label: 'items.reports',
    title: 'titles.reports',
    description: 'descriptions.reports',
    icon: AssessmentIcon,
    component: lazyPage(() => import('../sections/reports/ReportsPage')),
    menu: { brand: 'analyticsReports', affiliate: 'performance', host: 'analytics' },
  },
  {
    id: 'integration',
    roles: ['brand'],
    label: 'items.integration',
    title: 'titles.integration',
    description: 'descriptions.integration',
    icon: IntegrationInstructionsIcon,
    component: lazyPage(() => import('../sections/integration/IntegrationPage')),
    menu: { brand: 'settings' },
  },
  {
    id: 'docs',
    roles: ALL,
    label: 'items.docs',
    title: 'titles.docs',
    description: 'descriptions.docs',
    icon: DescriptionIcon,
    href: DOCS_URL,
    menu: { brand: 'settings', affiliate: 'settings', host: 'settings' },
  },
  {
    id: 'settings',
    roles: ALL,
    label: 'items.settings',
    title: 'titles.settings',
    description: 'descriptions.settings',
    icon: SettingsIcon,
    component: lazyPage(() => import('../sections/settings/SettingsPage')),
    menu: { brand: 'settings', affiliate: 'settings', host: 'settings' },
  },
  {
    id: 'shopify-setup',
    roles: ['brand'],
    title: 'titles.shopifySetup',
    description: 'descriptions.shopifySetup',
    icon: StorefrontIcon,
    component: lazyPage(() => import('../sections/integration/ShopifySetupPage')),
    // The Integration page's conversion card links to the guide.
    linkedFrom: { brand: 'integration' },
  },
  {
    id: 'notifications',
    roles: ['affiliate', 'brand'],
    title: 'titles.notifications',
    description: 'descriptions.notifications',
    icon: NotificationsIcon,
    component: lazyPage(() => import('../sections/notifications/NotificationsPage')),
    linkedFrom: { affiliate: 'notificationBell', brand: 'notificationBell' },
  },
  // Paths of the fixed route list (docs/product.md §1) that no account type has as a section: they answer 'not available'.
  { id: 'brands', roles: [], title: 'titles.brands', icon: BusinessIcon },
  { id: 'campaigns', roles: [], title: 'titles.campaigns', icon: CampaignIcon },
  { id: 'fraud', roles: [], title: 'titles.fraud', icon: GppMaybeIcon },
  { id: 'activity', roles: [], title: 'titles.activity', icon: HistoryIcon },
] as const satisfies readonly PageEntry<string>[];

/**
 * Every page of the app (see pageList); an entry's `linkedFrom` must name one of their ids.
 */
export const pages: readonly PageEntry[] = pageList;

/** The entry serving a page to an account type, or undefined when that type may not open it. */
export function pageFor(id: string, accountType: AccountType): PageEntry | undefined {
  return pages.find((page) => page.id === id && page.roles.includes(accountType));
}

/**
 * Fetches the chunk of the page at a path for an account type, if it has one of its own, and, given
 * a query context, starts the query it shows first.
 */
export function preloadPage(pathname: string, accountType: AccountType, context?: PrefetchContext): Promise<unknown> {
  const entry = pageFor(pathname.split('/').filter(Boolean)[0] ?? 'dashboard', accountType);
  return Promise.all([entry?.component?.preload(), context && entry?.prefetch?.(context)]);
}

/** The entry naming a page for the browser tab: the account type's own, else any entry of that id. */
export function pageTitleEntry(id: string, accountType: AccountType): PageEntry | undefined {
  return pageFor(id, accountType) ?? pages.find((page) => page.id === id);
}

/** The browser tab's title for a page: 'Page · OpenAffiliate'. */
export function documentTitle(pageTitle: string, appName: string): string {
  return pageTitle === appName ? appName : `${pageTitle} · ${appName}`;
}

/** The paths the shell serves, '/' first; the docs link opens outside the shell. */
export const shellPaths: readonly string[] = [
  '/',
  ...new Set(pages.filter((page) => !page.href).map((page) => `/${page.id}`)),
];
