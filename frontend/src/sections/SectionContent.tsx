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
const BrandOffersPage = lazy(() => import('./offers/BrandOffersPage'));
const AffiliateOffersPage = lazy(() => import('./offers/AffiliateOffersPage'));
const ApplicationsPage = lazy(() => import('./applications/ApplicationsPage'));
const AffiliatesPage = lazy(() => import('./affiliates/AffiliatesPage'));
const AdminPage = lazy(() => import('./admin/AdminPage'));
const IntegrationPage = lazy(() => import('./integration/IntegrationPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const CalendarPage = lazy(() => import('./calendar/CalendarPage'));
const DataManagementPage = lazy(() => import('./dataManagement/DataManagementPage'));
const TrackingPage = lazy(() => import('./tracking/TrackingPage'));
const DiscountCodesPage = lazy(() => import('./discountCodes/DiscountCodesPage'));

const dashboards = { brand: BrandDashboard, affiliate: AffiliateDashboard, host: HostDashboard };

/** The section for a page and account type; sections the type lacks show the not-available message. */
export function SectionContent({ page, accountType }: { page: string; accountType: AccountType }) {
  if (!(sectionsFor[accountType] as readonly string[]).includes(page)) {
    return <SectionNotAvailable accountType={accountType} />;
  }
  const id = page as PageId;
  switch (id) {
    case 'dashboard': {
      const Dashboard = dashboards[accountType];
      return <Dashboard />;
    }
    case 'offers':
      return accountType === 'affiliate' ? <AffiliateOffersPage /> : <BrandOffersPage />;
    case 'applications':
      return <ApplicationsPage />;
    case 'affiliates':
      return <AffiliatesPage accountType={accountType} />;
    case 'admin':
      return <AdminPage />;
    case 'integration':
      return <IntegrationPage />;
    case 'settings':
      return <SettingsPage />;
    case 'calendar':
      return <CalendarPage />;
    case 'data-management':
      return <DataManagementPage />;
    case 'tracking':
      return <TrackingPage accountType={accountType} />;
    case 'discount-codes':
      return <DiscountCodesPage accountType={accountType} />;
    case 'payouts':
      if (accountType !== 'brand') return <PayoutsPlaceholder variant={accountType} />;
      break;
    default:
      break;
  }
  const titleKey = sectionTitleKey(id, accountType === 'affiliate' ? 'items.offersAffiliate' : 'items.offersBrand');
  return <SectionPlaceholder titleKey={titleKey} />;
}
