import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetCsrfToken } from '../api/csrf';

// findBy and waitFor wait up to 15 s (the default is 1 s): make test runs alongside the browser
// journeys, and a loaded machine renders a page in jsdom slower; a passing wait ends at once.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  forgetCsrfToken();
});
