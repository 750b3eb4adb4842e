import { lazy } from 'react';
import type { AccountType } from '../api/generated/model';
import { sectionsFor, type PageId } from '../shell/menus';
import { SectionNotAvailable } from './SectionNotAvailable';
import { sectionTitleKey } from './sectionTitles';

const BrandDashboard = lazy(() => import('./dashboards/BrandDashboard'));
const AffiliateDashboard = lazy(() => import('./dashboards/AffiliateDashboard'));
const HostDashboard = lazy(() => import('./dashboards/HostDashboard'));
const SectionPlaceholder = lazy(() => import('./SectionPlaceholder'));
const PayoutsPlaceholder = lazy(() => import('./PayoutsPlaceholder'));

const dashboards = { brand: BrandDashboard, affiliate: AffiliateDashboard, host: HostDashboard };

/** The section for a page and account type; sections the type lacks show the not-available message. */
export function SectionContent({ page, accountType }: { page: string; accountType: AccountType }) {
  if (!(sectionsFor[accountType] as readonly string[]).includes(page)) {
    return <SectionNotAvailable accountType={accountType} />;
  }
  const id = page as PageId;
  if (id === 'dashboard') {
    const Dashboard = dashboards[accountType];
    return <Dashboard />;
  }
  if (id === 'payouts' && accountType !== 'brand') return <PayoutsPlaceholder variant={accountType} />;
  const titleKey = sectionTitleKey(id, accountType === 'affiliate' ? 'items.offersAffiliate' : 'items.offersBrand');
  return <SectionPlaceholder titleKey={titleKey} />;
}
