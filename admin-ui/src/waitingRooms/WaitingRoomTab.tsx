import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import type { RoomTarget } from './types';

// In the tabs' own chunk (targetPanels), loaded when the tab is first opened: the staff app's main
// bundle stays within its budget.
const WaitingRoomPanel = lazy(() => import('../targetPanels').then((module) => ({ default: module.WaitingRoomPanel })));

/** The "Sala d'attesa" tab of a match or a season ticket (WaitingRoomPanel). */
export function WaitingRoomTab({ target }: { target: RoomTarget }) {
  return (
    <Suspense fallback={<LinearProgress sx={{ width: '100%' }} />}>
      <WaitingRoomPanel target={target} />
    </Suspense>
  );
}
