import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { prefetchCsrfToken } from './api/client';
import { i18nReady } from './i18n';

const root = document.getElementById('root');
if (root === null) {
  throw new Error('index.html has no #root element');
}

// Read once now, so the first sign-in does not wait for it.
prefetchCsrfToken();

// An English browser waits for the English texts (a few kB), so the first paint is in English.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
