import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import type { PhaseTarget } from '../phases/types';

// In the tabs' own chunk (targetPanels): the list, its forms and its import load when the tab opens.
const PreemptionCodesPanel = lazy(() =>
  import('../targetPanels').then((module) => ({ default: module.PreemptionCodesPanel })),
);

/** The "Codici di prelazione" tab of a match or a season ticket: its custom list of pre-emption rights. */
export function PreemptionCodesTab({ target }: { target: PhaseTarget }) {
  return (
    <Suspense fallback={<LinearProgress sx={{ width: '100%' }} />}>
      <PreemptionCodesPanel target={target} />
    </Suspense>
  );
}
