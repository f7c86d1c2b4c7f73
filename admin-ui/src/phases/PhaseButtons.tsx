import AddIcon from '@mui/icons-material/Add';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { useState, type MouseEvent, type ReactElement } from 'react';
import {
  Button,
  Confirm,
  LinkBase,
  useBasename,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type DataProvider,
  type Identifier,
} from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { endPhase, keepPhaseSeats, mirrorPhases } from '../api/preemption';
import { mirrorFailureKey } from './phaseErrors';
import { canEndPhase, canKeepSeats, isPhaseKind, newPhasePath, type PhaseTarget } from './types';
import type { Phase, PhaseView } from '../../../api-types';

const PHASES = 'resources.phases';

/** "Rinnovo", or "Gruppo · Acquirenti Como Cup": how a confirmation names a phase. */
function usePhaseTitle() {
  const translate = useTranslate();
  return (phase: Pick<Phase, 'kind' | 'name'>) => {
    const kind = isPhaseKind(phase.kind) ? translate(`${PHASES}.kinds.${phase.kind}`) : phase.kind;
    return phase.name.trim() === '' ? kind : `${kind} · ${phase.name.trim()}`;
  };
}

type PhaseAction = 'end' | 'keep' | 'delete';

/** How each action runs: its own endpoint, or react-admin's delete (`DELETE /api/admin/phases/{id}`). */
type Run = (id: Identifier, dataProvider: DataProvider) => Promise<unknown>;

const actions = {
  end: { run: (id) => endPhase(id), allowed: canEndPhase, icon: <StopCircleOutlinedIcon fontSize="small" />, color: 'warning' },
  keep: { run: (id) => keepPhaseSeats(id), allowed: canKeepSeats, icon: <EventSeatOutlinedIcon fontSize="small" />, color: 'primary' },
  delete: {
    run: (id, dataProvider) => dataProvider.delete('phases', { id }),
    allowed: () => true,
    icon: <DeleteOutlineOutlinedIcon fontSize="small" />,
    color: 'error',
  },
} as const satisfies Record<
  PhaseAction,
  {
    run: Run;
    allowed: (phase: Phase, now: number) => boolean;
    icon: ReactElement;
    color: 'primary' | 'warning' | 'error';
  }
>;

interface RowIconButtonProps {
  /** Already translated: the button's name, and its tooltip. */
  label: string;
  icon: ReactElement;
  color?: 'primary' | 'warning' | 'error';
  disabled?: boolean;
  onClick: (event: MouseEvent) => void;
  testId: string;
}

/** A row's action as an icon, named for screen readers and tests, its name as a tooltip, to keep the table narrow. */
function RowIconButton({ label, icon, color = 'primary', disabled = false, onClick, testId }: RowIconButtonProps) {
  return (
    <Tooltip title={label}>
      {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
      <span>
        <IconButton aria-label={label} size="small" color={color} disabled={disabled} onClick={onClick} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

interface PhaseActionButtonProps {
  action: PhaseAction;
  /** The time the list's states are read at: the button follows the state chip beside it. */
  now: number;
  record?: PhaseView;
}

/**
 * One action on a phase, after a confirmation that names it: end it now (only while it is on; a
 * renewal's seats nobody renewed are then released by a job), keep its holders' seats again (an
 * open or coming renewal phase, after a new sheet or code table), or delete it (a renewal's kept
 * seats are freed with it). The list is read again afterwards either way: a refusal (409
 * `phase_not_open`, `not_a_renewal`, a phase already gone) means it moved on, and is said in our
 * words.
 */
function PhaseActionButton({ action, now, record }: PhaseActionButtonProps) {
  const phase = useRecordContext<PhaseView>({ record });
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const title = usePhaseTitle();
  const [open, setOpen] = useState(false);
  const { run, allowed, icon, color } = actions[action];
  const mutation = useMutation<unknown, Error, Identifier>({
    mutationFn: (id) => run(id, dataProvider),
    onSuccess: () => notify(`${PHASES}.notifications.${action === 'delete' ? 'deleted' : action}`, { type: 'success' }),
    onError: (error) => notify(apiErrorMessageKey(error, `${PHASES}.errors.${action}_failed`), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
  if (phase === undefined || (action === 'keep' && phase.kind !== 'renewal')) {
    return null;
  }
  const about = { phase: title(phase) };
  const content =
    (action === 'end' || action === 'delete') && phase.kind === 'renewal'
      ? `${PHASES}.confirm.${action}_renewal_content`
      : `${PHASES}.confirm.${action}_content`;
  return (
    <>
      <RowIconButton
        label={translate(action === 'delete' ? 'ra.action.delete' : `${PHASES}.action.${action}`)}
        icon={icon}
        color={color}
        disabled={!allowed(phase, now) || mutation.isPending}
        onClick={(event) => {
          // In a list row: open the dialog, not the row's page.
          event.stopPropagation();
          setOpen(true);
        }}
        testId={`phase-${action}`}
      />
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`${PHASES}.confirm.${action}_title`}
        content={content}
        titleTranslateOptions={about}
        contentTranslateOptions={about}
        confirmColor={action === 'keep' ? 'primary' : 'warning'}
        onConfirm={() => mutation.mutate(phase.id)}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}

/** "Termina ora": the phase ends now. */
export function EndPhaseButton(props: { now: number; record?: PhaseView }) {
  return <PhaseActionButton action="end" {...props} />;
}

/** "Mantieni i posti": a renewal phase keeps its holders' seats again. */
export function KeepSeatsButton(props: { now: number; record?: PhaseView }) {
  return <PhaseActionButton action="keep" {...props} />;
}

/** "Elimina": the phase goes, after a confirmation (`DELETE`). */
export function DeletePhaseButton(props: { now: number; record?: PhaseView }) {
  return <PhaseActionButton action="delete" {...props} />;
}

/** "Modifica": the phase's form, as an icon link. */
export function EditPhaseButton(props: { record?: PhaseView }) {
  const phase = useRecordContext<PhaseView>(props);
  const translate = useTranslate();
  const basename = useBasename();
  if (phase === undefined) {
    return null;
  }
  const label = translate('ra.action.edit');
  return (
    <Tooltip title={label}>
      <IconButton
        component={LinkBase}
        to={`${basename}/phases/${encodeURIComponent(phase.id)}`}
        aria-label={label}
        size="small"
        color="primary"
        data-testid="phase-edit"
      >
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** "Nuova fase": the form of a new phase of `target`'s sale. */
export function CreatePhaseButton({ target }: { target: PhaseTarget }) {
  const basename = useBasename();
  return (
    <Button component={LinkBase} to={`${basename}${newPhasePath(target)}`} label={`${PHASES}.action.create`} variant="contained">
      <AddIcon />
    </Button>
  );
}

/**
 * "Importa dal sistema di biglietteria": the ticketing system's pre-emption window of the target
 * becomes (or updates, or removes) its mirrored phase: a season ticket's renewal, a match's Blu
 * nel Cuore card phase; the list is read again. Says whether the system has a window at all.
 */
export function MirrorPhasesButton({ target }: { target: PhaseTarget }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const season = 'season_ticket_id' in target;
  const mutation = useMutation({
    mutationFn: () =>
      mirrorPhases(
        'season_ticket_id' in target ? { season_ticket_id: Number(target.season_ticket_id) } : { fixture_id: Number(target.fixture_id) },
      ),
    onSuccess: (phases) => {
      const mirrored = phases.some((phase) => phase.source === 'ticketing');
      const key = mirrored ? 'mirrored' : 'no_window';
      notify(`${PHASES}.notifications.${season ? key : `${key}_fixture`}`, { type: mirrored ? 'success' : 'info' });
      refresh();
    },
    onError: (error) => notify(mirrorFailureKey(error), { type: 'error' }),
  });
  return (
    <Button label={`${PHASES}.action.mirror`} onClick={() => mutation.mutate()} disabled={mutation.isPending}>
      <CloudDownloadOutlinedIcon />
    </Button>
  );
}
