import { Edit, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { PhaseForm } from './PhaseForm';
import { phaseRequest, type PhaseFormValues } from './phaseRequest';
import { isPhaseKind, phasesTabPath, phaseTargetOf } from './types';
import type { PhaseView } from '../../../api-types';

/** The page's title: "Fase: Rinnovo", with a group's name. */
function PhaseTitle() {
  const phase = useRecordContext<PhaseView>();
  const translate = useTranslate();
  if (phase === undefined) {
    return null;
  }
  const kind = isPhaseKind(phase.kind) ? translate(`resources.phases.kinds.${phase.kind}`) : phase.kind;
  const name = phase.name.trim() === '' ? kind : `${kind} · ${phase.name.trim()}`;
  return <>{translate('resources.phases.edit_title', { name })}</>;
}

/**
 * A phase's kind, name, dates and sectors changed, at /admin/phases/{id} (`PUT`); then back to its
 * target's phases. Removing it and ending it now are on the phases' list.
 */
export function PhaseEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<PhaseView>
      title={<PhaseTitle />}
      mutationMode="pessimistic"
      redirect={false}
      transform={(values: PhaseFormValues) => phaseRequest(values)}
      mutationOptions={{
        onSuccess: (phase: PhaseView) => {
          notify('resources.phases.notifications.saved', { type: 'success' });
          const target = phaseTargetOf(phase);
          redirect(() => (target === undefined ? '/phases' : phasesTabPath(target)));
        },
      }}
    >
      <PhaseForm />
    </Edit>
  );
}
