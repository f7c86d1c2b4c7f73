import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import { createExport } from '../api/exports';
import { exportFailureKey } from './exportErrors';
import { OpenExportsAction } from './OpenExportsAction';
import { fixtureIdOf, takesFixture, type ExportKind } from './types';
import type { Export, ExportRequest } from '../../../api-types';

const EXPORTS = 'resources.exports';

/** How long the "export started" message stays, so there is time to follow its link. */
const STARTED_NOTICE_MS = 8_000;

/**
 * Asks the API for an export (`POST /api/admin/exports`), which a job then writes: says it has
 * started, with a link to the exports list where its progress shows and its file is downloaded,
 * and has the lists of exports read again. A refusal is said in our words (422, 404).
 */
export function useCreateExport() {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ExportRequest) => createExport(request),
    onSuccess: (created: Export) => {
      notify(`${EXPORTS}.notifications.started`, {
        type: 'success',
        messageArgs: { kind: translate(`${EXPORTS}.kinds.${created.kind}`, { _: created.kind }) },
        autoHideDuration: STARTED_NOTICE_MS,
        action: <OpenExportsAction />,
      });
      void queryClient.invalidateQueries({ queryKey: ['exports'] });
    },
    onError: (error) => notify(exportFailureKey(error, `${EXPORTS}.errors.create_failed`), { type: 'error' }),
  });
}

/**
 * The request for `kind`: the fixture's id as the API takes it (a number), sent only when there
 * is one and the kind takes a fixture (the consents, the corporate requests, the supporter cards
 * and the season exports ignore it).
 */
export function exportRequest(kind: ExportKind, fixtureId?: Identifier | null): ExportRequest {
  const fixture = takesFixture(kind) ? fixtureIdOf(fixtureId) : undefined;
  return fixture === undefined ? { kind } : { kind, fixture_id: fixture };
}
