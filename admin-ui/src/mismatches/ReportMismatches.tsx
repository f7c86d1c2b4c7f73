import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Pagination, ReferenceManyField, useListContext, useTranslate, type Identifier } from 'react-admin';
import { MismatchTable } from './MismatchTable';
import { CANCEL_REFRESH_MS, mismatchStatus } from './types';
import type { Mismatch } from '../../../api-types';

const MISMATCHES = 'resources.mismatches';

/** Which divergences to show: every one, those left to reconcile, or those reconciled. */
type Shown = 'all' | 'unresolved' | 'resolved';

/** The API's `resolved` filter for each choice. */
const FILTERS: Record<Shown, { resolved?: boolean }> = {
  all: {},
  unresolved: { resolved: false },
  resolved: { resolved: true },
};

const isBeingCancelled = (mismatch: Mismatch) => mismatchStatus(mismatch) === 'cancel_requested';

/** No divergence at all (the titles agree), or none of those chosen. */
function NoMismatch({ shown }: { shown: Shown }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(shown === 'all' ? 'resources.mismatch-reports.no_mismatch' : `${MISMATCHES}.none_shown`)}
    </Typography>
  );
}

/**
 * Notices when the last stray title being cancelled in the ticketing system is done, to have the
 * report (its count of unresolved divergences) read again.
 */
function WhenCancelsSettle() {
  const { data } = useListContext<Mismatch>();
  const queryClient = useQueryClient();
  const waiting = data?.some(isBeingCancelled) ?? false;
  const wasWaiting = useRef(waiting);
  useEffect(() => {
    if (wasWaiting.current && !waiting) {
      void queryClient.invalidateQueries({ queryKey: ['mismatch-reports'] });
    }
    wasWaiting.current = waiting;
  }, [waiting, queryClient]);
  return null;
}

/**
 * A finished report's divergences (`GET /api/admin/mismatches?filter={"report_id": ...}`), all of
 * them or only the unresolved or resolved ones. While a stray title is being cancelled in the
 * ticketing system the list reads itself again every second, until the job is done.
 */
export function ReportMismatches({ reportId }: { reportId: Identifier }) {
  const translate = useTranslate();
  const [shown, setShown] = useState<Shown>('all');
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={shown}
        onChange={(_, next: Shown | null) => {
          if (next !== null) {
            setShown(next);
          }
        }}
        aria-label={translate(`${MISMATCHES}.filter.label`)}
      >
        {(Object.keys(FILTERS) as Shown[]).map((choice) => (
          <ToggleButton key={choice} value={choice}>
            {translate(`${MISMATCHES}.filter.${choice}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ReferenceManyField<Record<string, unknown> & { id: Identifier }, Mismatch>
        record={{ id: reportId }}
        reference="mismatches"
        target="report_id"
        filter={FILTERS[shown]}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        queryOptions={{
          refetchInterval: (query) => (query.state.data?.data.some(isBeingCancelled) ? CANCEL_REFRESH_MS : false),
        }}
      >
        <WhenCancelsSettle />
        <MismatchTable empty={<NoMismatch shown={shown} />} />
      </ReferenceManyField>
    </Box>
  );
}
