import 'i18next';
import type en from './en';

// Every t() call is checked against the English texts (both languages have the same keys: locales.test.ts),
// so a mistyped key fails `npm run typecheck` (keys.typecheck.ts keeps that guarantee).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
