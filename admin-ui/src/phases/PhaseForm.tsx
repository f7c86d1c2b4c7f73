import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import {
  maxLength,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetOne,
  useSaveContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { RomeDateTimeInput } from '../fields/RomeDateTimeInput';
import { phaseFieldErrors } from './phaseErrors';
import { endsAfterStart, PHASE_NAME_MAX, type PhaseFormValues } from './phaseRequest';
import { kindsFor, PHASE_KINDS, phaseTargetOf, targetKind, type PhaseTarget } from './types';
import type { Fixture, SeasonTicket } from '../../../api-types';

const PHASES = 'resources.phases';

/** A group phase is named after its group ("Acquirenti Como Cup"): the name is its only description. */
const nameOfGroup: Validator = (name: unknown, values: PhaseFormValues) =>
  values.kind === 'group' && (typeof name !== 'string' || name.trim() === '') ? `${PHASES}.errors.group_name_required` : undefined;

/** The season ticket or the match whose sale the phase is of, by name. */
function PhaseTargetText({ target }: { target: PhaseTarget }) {
  const translate = useTranslate();
  const season = 'season_ticket_id' in target ? target.season_ticket_id : undefined;
  const fixture = 'fixture_id' in target ? target.fixture_id : undefined;
  const { data: seasonTicket } = useGetOne<SeasonTicket>('season-tickets', { id: Number(season) }, { enabled: season !== undefined });
  const { data: match } = useGetOne<Fixture>('fixtures', { id: Number(fixture) }, { enabled: fixture !== undefined });
  const name = season !== undefined ? (seasonTicket?.name ?? `#${season}`) : (match?.title ?? `#${String(fixture)}`);
  return (
    <Typography variant="body1" component="p" sx={{ mb: 2 }} data-testid="phase-target">
      {translate(season !== undefined ? `${PHASES}.form.of_season` : `${PHASES}.form.of_fixture`, { name })}
    </Typography>
  );
}

/** The target the form's values name (a new phase's comes from its address's `?source=`). */
function useFormTarget(): PhaseTarget | undefined {
  const season: unknown = useWatch({ name: 'season_ticket_id' });
  const fixture: unknown = useWatch({ name: 'fixture_id' });
  return phaseTargetOf({
    season_ticket_id: typeof season === 'number' || typeof season === 'string' ? season : undefined,
    fixture_id: typeof fixture === 'number' || typeof fixture === 'string' ? fixture : undefined,
  });
}

/** Saving only, and only once the phase has a target. */
function PhaseToolbar() {
  const target = useFormTarget();
  return (
    <Toolbar>
      <SaveButton disabled={target === undefined} />
    </Toolbar>
  );
}

/** The inputs, under the target they are for; the kinds offered are the target's. */
function PhaseInputs() {
  const translate = useTranslate();
  const source: unknown = useWatch({ name: 'source' });
  const target = useFormTarget();
  const kinds = target === undefined ? PHASE_KINDS : kindsFor(targetKind(target));
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      {target === undefined ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${PHASES}.form.no_target`)}
        </Alert>
      ) : (
        <PhaseTargetText target={target} />
      )}
      {source === 'ticketing' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(`${PHASES}.form.from_ticketing`)}
        </Alert>
      )}
      <SelectInput
        source="kind"
        choices={kinds.map((kind) => ({ id: kind, name: `${PHASES}.kinds.${kind}` }))}
        validate={required()}
        helperText={`${PHASES}.help.kind`}
        fullWidth
      />
      <TextInput
        source="name"
        validate={[maxLength(PHASE_NAME_MAX, `${PHASES}.errors.name_too_long`), nameOfGroup]}
        helperText={`${PHASES}.help.name`}
        fullWidth
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <RomeDateTimeInput source="starts_at" validate={required()} sx={{ minWidth: 260 }} />
        <RomeDateTimeInput source="ends_at" validate={[required(), endsAfterStart as Validator]} sx={{ minWidth: 260 }} />
      </Box>
      <TextInput source="sectors" helperText={`${PHASES}.help.sectors`} fullWidth slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }} />
    </Box>
  );
}

/**
 * A phase's form, for a new phase and an existing one: its kind (a renewal only for a season
 * ticket), its name (a group's), when it starts and ends in Italian time, and its sectors. The
 * API's refusals are put under their inputs in our words (an end before the start, unknown
 * sector codes named, a renewal for a match).
 */
export function PhaseForm() {
  const { save } = useSaveContext();
  const translate = useTranslate();
  const submit = async (values: Partial<PhaseFormValues>) => {
    const errors: unknown = await save?.(values);
    return errors !== null && typeof errors === 'object' && !('id' in errors)
      ? phaseFieldErrors(errors as Record<string, unknown>, translate)
      : undefined;
  };
  return (
    <SimpleForm
      onSubmit={submit}
      toolbar={<PhaseToolbar />}
    >
      <PhaseInputs />
    </SimpleForm>
  );
}
