import { Create, useNotify, useRedirect } from 'react-admin';
import { PhaseForm } from './PhaseForm';
import { phaseRequest, type PhaseFormValues } from './phaseRequest';
import { phasesTabPath, phaseTargetOf } from './types';
import type { PhaseView } from '../../../api-types';

/**
 * A new phase of a season ticket's or a match's sale, at /admin/phases/create?source=
 * {"season_ticket_id":N} (or {"fixture_id":N}), as the target's "Nuova fase" opens it. Once
 * created, back to the target's phases (a renewal phase's seats are then kept by a job).
 */
export function PhaseCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<PhaseView>
      title="resources.phases.create_title"
      transform={(values: PhaseFormValues) => phaseRequest(values)}
      mutationOptions={{
        onSuccess: (phase: PhaseView) => {
          notify('resources.phases.notifications.created', { type: 'success' });
          const target = phaseTargetOf(phase);
          redirect(() => (target === undefined ? '/phases' : phasesTabPath(target)));
        },
      }}
    >
      <PhaseForm />
    </Create>
  );
}
