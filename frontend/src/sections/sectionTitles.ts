/** The sections namespace key of a page: camelCase of its id, with offers split by menu label. */
export function sectionTitleKey(page: string, menuLabel?: string): string {
  if (page === 'offers') return menuLabel === 'items.offersAffiliate' ? 'offersAffiliate' : 'offersBrand';
  return page.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
