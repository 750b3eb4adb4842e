import type { SvgIconComponent } from '@mui/icons-material';
import type { AccountType } from '../api/generated/model';
import { menuGroups, pages, type NavKey, type PageId, type SectionsKey } from './pages';

export { DOCS_URL, type PageId } from './pages';

export interface MenuItem {
  page: PageId;
  /** Key in the nav namespace. */
  label: NavKey;
  icon: SvgIconComponent;
  /** What the page holds (sections namespace), for shortcut cards. */
  description?: SectionsKey;
  /** Set for links that open outside the shell (the docs). */
  href?: string;
}

export interface MenuGroup {
  /** Key in the nav namespace; null for items shown without a group heading. */
  label: NavKey | null;
  items: MenuItem[];
  /** Groups not open by default start collapsed on desktop. */
  defaultOpen: boolean;
}

function buildMenu(accountType: AccountType): MenuGroup[] {
  return menuGroups[accountType].map((group) => ({
    label: group.label,
    defaultOpen: group.defaultOpen,
    items: pages.flatMap((page): MenuItem[] =>
      page.menu && page.menu[accountType] === group.id && page.roles.includes(accountType)
        ? [{ page: page.id, label: page.label, icon: page.icon, description: page.description, href: page.href }]
        : [],
    ),
  }));
}

const menus: Record<AccountType, MenuGroup[]> = {
  brand: buildMenu('brand'),
  affiliate: buildMenu('affiliate'),
  host: buildMenu('host'),
};

/** The sidebar for an account type; the brand menu when the user is unknown. */
export function menuFor(accountType: AccountType | undefined): MenuGroup[] {
  return menus[accountType ?? 'brand'];
}

function sectionsOf(accountType: AccountType): PageId[] {
  return [...new Set(pages.filter((page) => page.roles.includes(accountType)).map((page) => page.id))];
}

/** The sections each account type may open (docs/product.md §1). */
export const sectionsFor: Record<AccountType, readonly PageId[]> = {
  brand: sectionsOf('brand'),
  affiliate: sectionsOf('affiliate'),
  host: sectionsOf('host'),
};

/** The active section: the first path segment, dashboard for '/'. */
export function activePage(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0];
  return first ?? 'dashboard';
}
