import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AnalyticsIcon from '@mui/icons-material/AnalyticsOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructionsOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import PaidIcon from '@mui/icons-material/PaidOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckoutOutlined';
import StorageIcon from '@mui/icons-material/StorageOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

const icons: Record<string, SvgIconComponent> = {
  dashboard: DashboardIcon,
  offers: CampaignIcon,
  applications: HowToRegIcon,
  affiliates: GroupsIcon,
  discountCodes: LocalOfferIcon,
  tracking: LinkIcon,
  conversions: ShoppingCartCheckoutIcon,
  analytics: AnalyticsIcon,
  reports: AssessmentIcon,
  integration: IntegrationInstructionsIcon,
  docs: DescriptionIcon,
  settings: SettingsIcon,
  earnings: PaidIcon,
  admin: AdminPanelSettingsIcon,
  dataManagement: StorageIcon,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = icons[name] ?? DashboardIcon;
  return <Icon fontSize="small" />;
}
