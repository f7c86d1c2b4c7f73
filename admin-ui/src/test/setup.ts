import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { forgetCsrfToken } from '../api/csrf';
import { i18nProvider } from '../i18n/i18nProvider';

// findBy and waitFor wait up to 15 s (the default is 1 s): make test runs alongside the browser
// journeys, and a loaded machine renders a page in jsdom slower; a passing wait ends at once.
configure({ asyncUtilTimeout: 15_000 });

// The test files share one environment and module cache (`isolate: false`): each test starts in
// Italian at the root URL, whatever language the one before it left the shared i18n provider in
// and wherever it left the browser.
beforeEach(async () => {
  window.history.replaceState(null, '', '/');
  await i18nProvider.changeLocale('it');
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  forgetCsrfToken();
});
