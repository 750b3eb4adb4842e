import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n, { i18nReady } from '../i18n/config';
import { resources } from '../i18n/resources';

// Tests have both languages at once, so switching language in a test needs no chunk.
for (const [language, texts] of Object.entries(resources)) {
  for (const [namespace, bundle] of Object.entries(texts)) i18n.addResourceBundle(language, namespace, bundle, true, true);
}
await i18nReady;

// The first render of a lazily loaded page imports its module graph; on a busy two-core CI machine
// that can take longer than the library's 1 s default for findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
