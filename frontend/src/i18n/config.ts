import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from './en';

export const LANGUAGE_STORAGE_KEY = 'language';
export const supportedLanguages = ['ro', 'en'] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = 'ro';
export const namespaces = ['common', 'auth', 'errors', 'nav', 'sections', 'campaigns', 'admin', 'affiliates', 'account', 'tracking', 'discountCodes', 'conversions', 'earnings', 'payouts', 'notifications', 'analytics'] as const;

type Texts = typeof en;

// One dynamic import per language, so Vite puts each language in its own chunk and the first load
// fetches only the active one; switching language fetches the other (once: the module is cached).
const loaders: Record<Language, () => Promise<{ default: Texts }>> = {
  ro: () => import('./ro'),
  en: () => import('./en'),
};

/** An i18next backend reading the texts from the language chunks (no JSON over the network). */
const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    loaders[language]().then(
      (module) => callback(null, module.default[namespace as keyof Texts] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

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

// The active language's chunk is requested now, while the main chunk evaluates, instead of when
// i18next's init (deferred to a later task) asks the backend; the backend's import then finds it loaded.
void loaders[storedLanguage()]().catch(() => undefined);

/** Resolves once the active language's texts are in; main.tsx renders after it. */
export const i18nReady = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    // Both languages have the same keys (locales.test.ts), so no fallback language: a fallback would
    // make an English visitor download the Romanian chunk too.
    fallbackLng: false,
    load: 'currentOnly',
    supportedLngs: [...supportedLanguages],
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });

// The choice is kept at once, while the other language's chunk is still loading: a reload or a
// navigation right after the click comes back in the chosen language.
i18n.on('languageChanging', (language) => {
  if (isLanguage(language)) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
});
i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language ?? storedLanguage();

export default i18n;
