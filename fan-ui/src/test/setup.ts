import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { forgetCsrfToken } from '../api/client';
import i18n, { DEFAULT_LANGUAGE } from '../i18n';

beforeEach(async () => {
  window.localStorage.clear();
  // The waiting room's admissions are kept there.
  window.sessionStorage.clear();
  forgetCsrfToken();
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
});

afterEach(() => {
  cleanup();
});
