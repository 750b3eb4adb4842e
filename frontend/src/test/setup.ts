import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n, { i18nReady } from '../i18n/config';
import { resources } from '../i18n/resources';

// Tests have both languages at once, so switching language in a test needs no chunk.
for (const [language, texts] of Object.entries(resources)) {
  for (const [namespace, bundle] of Object.entries(texts)) i18n.addResourceBundle(language, namespace, bundle, true, true);
}
await i18nReady;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
