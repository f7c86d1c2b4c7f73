import { lazy, Suspense } from 'react';
import { useSession } from '../auth/useSession';

export { DISPLAY_NAME_DIALOG_DELAY_MS } from './displayNameDelay';

const DelayedDisplayNameDialog = lazy(() => import('./DisplayNameDialogContent'));

/**
 * The mandatory display-name dialog (spec: fan side, sections 4 and 5): a signed-in user without
 * a name gets it after a second and cannot close it until they have chosen a name of 2 to 50
 * characters and confirmed they are at least 13. Only that case loads the dialog's code.
 */
export function DisplayNameDialog() {
  const { user } = useSession();
  if (user === null || user.name.trim() !== '') {
    return null;
  }
  // Keyed by user: another nameless account signing in waits its own second.
  return (
    <Suspense fallback={null}>
      <DelayedDisplayNameDialog key={user.id} />
    </Suspense>
  );
}
