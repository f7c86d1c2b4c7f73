import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { prefetchCsrfToken } from './api/client';
import { createQueryClient } from './api/queryClient';
import { i18nReady } from './i18n';
import { preloadRoute } from './routing/preload';

const root = document.getElementById('root');
if (root === null) {
  throw new Error('index.html has no #root element');
}

const queryClient = createQueryClient();
// The first page's code and data are asked for now, alongside the texts, not after them.
preloadRoute(queryClient, window.location);
// Read once now, so the first sign-in does not wait for it.
prefetchCsrfToken();

// An English browser waits for the English texts (a few kB), so the first paint is in English.
// Until then index.html's own blue bar is on screen.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
