import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n/config';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
