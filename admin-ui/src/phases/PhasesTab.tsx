import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import type { PhaseTarget } from './types';

// In the tabs' own chunk (targetPanels), loaded when the phases are first shown: the staff app's
// main bundle stays within its budget.
const PhasesPanel = lazy(() => import('../targetPanels').then((module) => ({ default: module.PhasesPanel })));

/** The sale phases of a season ticket or a match (PhasesPanel), on its page's tab and at /admin/preemption/phases. */
export function PhasesTab({ target }: { target: PhaseTarget }) {
  return (
    <Suspense fallback={<LinearProgress sx={{ width: '100%' }} />}>
      <PhasesPanel target={target} />
    </Suspense>
  );
}
