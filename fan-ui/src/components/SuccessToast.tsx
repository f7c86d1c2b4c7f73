import { lazy, Suspense, useState } from 'react';
import type { SuccessToastProps } from './SuccessToastSnackbar';

/**
 * MUI's Snackbar, its transition and its Alert come with the first toast, not with the page: a
 * page that only may confirm something (a hold, saved holders) no longer waits for their code.
 */
const SuccessToastSnackbar = lazy(() => import('./SuccessToastSnackbar'));

/** A green confirmation that goes away by itself. */
export function SuccessToast(props: SuccessToastProps) {
  // Once shown, it stays mounted, so that it can close with its transition.
  const [shown, setShown] = useState(false);
  if (props.message !== null && !shown) {
    setShown(true);
  }
  if (props.message === null && !shown) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <SuccessToastSnackbar {...props} />
    </Suspense>
  );
}
