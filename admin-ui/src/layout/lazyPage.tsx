import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A page whose code loads when it first opens (a chunk of its own, as src/targetPanels.ts): a
 * progress bar shows meanwhile. Keeps the staff app's main bundle within its budget.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPage() {
    return (
      <Suspense fallback={<LinearProgress sx={{ width: '100%' }} />}>
        <Page />
      </Suspense>
    );
  };
}
