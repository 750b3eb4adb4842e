import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccount from '../locales/en/account.json';
import enAdmin from '../locales/en/admin.json';
import enAffiliates from '../locales/en/affiliates.json';
import enCampaigns from '../locales/en/campaigns.json';
import roAccount from '../locales/ro/account.json';
import roAdmin from '../locales/ro/admin.json';
import roAffiliates from '../locales/ro/affiliates.json';
import roCampaigns from '../locales/ro/campaigns.json';
import enDiscountCodes from '../locales/en/discountCodes.json';
import enTracking from '../locales/en/tracking.json';
import roDiscountCodes from '../locales/ro/discountCodes.json';
import roTracking from '../locales/ro/tracking.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enNav from '../locales/en/nav.json';
import enSections from '../locales/en/sections.json';
import roAuth from '../locales/ro/auth.json';
import roCommon from '../locales/ro/common.json';
import roErrors from '../locales/ro/errors.json';
import roNav from '../locales/ro/nav.json';
import roSections from '../locales/ro/sections.json';

export const LANGUAGE_STORAGE_KEY = 'language';
export const supportedLanguages = ['ro', 'en'] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = 'ro';

export const resources = {
  ro: {
    common: roCommon,
    auth: roAuth,
    errors: roErrors,
    nav: roNav,
    sections: roSections,
    campaigns: roCampaigns,
    admin: roAdmin,
    affiliates: roAffiliates,
    account: roAccount,
    tracking: roTracking,
    discountCodes: roDiscountCodes,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    errors: enErrors,
    nav: enNav,
    sections: enSections,
    campaigns: enCampaigns,
    admin: enAdmin,
    affiliates: enAffiliates,
    account: enAccount,
    tracking: enTracking,
    discountCodes: enDiscountCodes,
  },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: [...supportedLanguages],
  ns: ['common', 'auth', 'errors', 'nav', 'sections', 'campaigns', 'admin', 'affiliates', 'account', 'tracking', 'discountCodes'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

export default i18n;
