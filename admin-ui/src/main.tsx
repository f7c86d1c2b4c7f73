import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { prefetchCsrfToken } from './api/csrf';

const root = document.getElementById('root');
if (root === null) {
  throw new Error('index.html has no #root element');
}

// Read once now, so signing in does not wait for it.
prefetchCsrfToken();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
