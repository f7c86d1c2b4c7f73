import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { forgetCsrfToken } from '../api/client';
import i18n, { DEFAULT_LANGUAGE } from '../i18n';

// findBy and waitFor wait up to 15 s (the default is 1 s): make test runs alongside the browser
// journeys, and a loaded machine renders a page in jsdom slower; a passing wait ends at once.
configure({ asyncUtilTimeout: 15_000 });

// The test files share one environment and module cache (`isolate: false`): each test starts at
// the root URL, with empty storage, in Italian, whatever the one before it left behind.
beforeEach(async () => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  // The waiting room's admissions are kept there.
  window.sessionStorage.clear();
  forgetCsrfToken();
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
});

afterEach(() => {
  cleanup();
});
