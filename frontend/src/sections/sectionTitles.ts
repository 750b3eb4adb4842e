/** The sections namespace key of a page: camelCase of its id, with offers and tracking split by menu label. */
export function sectionTitleKey(page: string, menuLabel?: string): string {
  if (page === 'offers') return menuLabel === 'items.offersAffiliate' ? 'offersAffiliate' : 'offersBrand';
  if (page === 'tracking' && menuLabel === 'items.trackingAffiliate') return 'trackingAffiliate';
  return page.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
