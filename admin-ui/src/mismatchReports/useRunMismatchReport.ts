import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRedirect, type Identifier } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';
import { createMismatchReport } from '../api/mismatches';
import type { MismatchReport } from '../../../api-types';

const REPORTS = 'resources.mismatch-reports';

/**
 * What to tell staff when a report cannot be started: no fixture (422), an unknown one (404,
 * api/errors.ts), the session's errors, or `run_failed`.
 */
export function runReportFailureKey(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 422) {
    return `${REPORTS}.errors.fixture_required`;
  }
  return apiErrorMessageKey(error, `${REPORTS}.errors.run_failed`);
}

/**
 * Starts a mismatch report for a fixture (`POST /api/admin/mismatch-reports`): says so and opens
 * the report's page, which follows the comparison until its divergences are listed.
 */
export function useRunMismatchReport() {
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fixtureId: Identifier) => createMismatchReport(fixtureId),
    onSuccess: (report: MismatchReport) => {
      notify(`${REPORTS}.notifications.started`, { type: 'success', messageArgs: { match: report.fixture_title } });
      queryClient.setQueryData(['mismatch-reports', 'getOne', { id: String(report.id), meta: undefined }], report);
      void queryClient.invalidateQueries({ queryKey: ['mismatch-reports', 'getList'] });
      redirect('show', 'mismatch-reports', report.id);
    },
    onError: (error) => notify(runReportFailureKey(error), { type: 'error' }),
  });
}
