import { StrictMode, startTransition } from 'react';
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
// The first drawing is a transition: React draws the page in slices and lets the browser in
// between, where one long task froze a phone for a quarter of a second (its commit stays whole).
void i18nReady.finally(() => {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
