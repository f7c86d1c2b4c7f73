import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { prefetchCsrfToken } from './api/client';
import { createQueryClient } from './api/queryClient';
import { i18nReady } from './i18n';
import { preloadRoute } from './routing/preload';
import { whenIdle } from './routing/whenIdle';

const root = document.getElementById('root');
if (root === null) {
  throw new Error('index.html has no #root element');
}

const queryClient = createQueryClient();
// The first page's code and data are asked for now, alongside the texts, not after them.
preloadRoute(queryClient, window.location);
// Read once the first page is in, so the first sign-in does not wait for it (and the first page's
// code and data do not wait for a free connection behind it).
whenIdle(prefetchCsrfToken);

// An English browser waits for the English texts (a few kB), so the first paint is in English.
// Until then index.html's own blue bar is on screen.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
