import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetCsrfToken } from '../api/csrf';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  forgetCsrfToken();
});
