import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import {
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  useLocaleState,
  useRecordContext,
  useRecordFromLocation,
  useSaveContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { fixtureOptionText } from '../fixtures/fixtureOption';
import { RomeDateTimeInput } from '../fields/RomeDateTimeInput';
import { RoomTargetField } from './RoomFields';
import {
  admissionInBounds,
  minutesToSeconds,
  prequeueNotAfterOpening,
  rateInBounds,
  roomFieldErrors,
  secondsToMinutes,
  targetKindOf,
  type RoomFormValues,
  type TargetKind,
} from './roomRequest';
import type { WaitingRoomView } from './types';
import type { Fixture } from '../../../api-types';

const ROOMS = 'resources.waiting-rooms';

/** A new room's admission: ten minutes to choose seats. */
const DEFAULT_ADMISSION_SECONDS = 600;

const TARGET_KINDS: readonly TargetKind[] = ['fixture', 'season'];

/** The match or the season ticket a new room is for: the kind, then one of that kind. */
function TargetInputs() {
  const [locale] = useLocaleState();
  const kind: unknown = useWatch({ name: 'target_kind' });
  return (
    <>
      <RadioButtonGroupInput
        source="target_kind"
        choices={TARGET_KINDS.map((id) => ({ id, name: `${ROOMS}.target_kinds.${id}` }))}
        validate={required()}
        row
      />
      {kind === 'season' ? (
        <ReferenceInput source="season_ticket_id" reference="season-tickets" perPage={100}>
          <SelectInput optionText="name" validate={required(`${ROOMS}.errors.target_required`)} fullWidth />
        </ReferenceInput>
      ) : (
        <ReferenceInput
          source="fixture_id"
          reference="fixtures"
          filter={{ when: 'upcoming' }}
          sort={{ field: 'starts_at', order: 'ASC' }}
          perPage={100}
        >
          <SelectInput
            optionText={(fixture: Fixture) => fixtureOptionText(fixture, locale)}
            validate={required(`${ROOMS}.errors.target_required`)}
            fullWidth
          />
        </ReferenceInput>
      )}
    </>
  );
}

/** An existing room's target, which does not change. */
function FixedTarget() {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(`${ROOMS}.fields.target_title`)}
      </Typography>
      <RoomTargetField source="target_title" />
    </Box>
  );
}

/** Saving, unless the room is closed. */
function RoomToolbar({ closed }: { closed: boolean }) {
  return (
    <Toolbar>
      <SaveButton disabled={closed} />
    </Toolbar>
  );
}

/**
 * A room's form, for a new room and an existing one: the on-sale (a new room's only), when the
 * line and the sale open in Italian time (fixed once the room has opened), and the three numbers
 * with what they mean. The API's refusals are put under their inputs in our words.
 */
export function WaitingRoomForm() {
  const { save } = useSaveContext();
  const translate = useTranslate();
  const room = useRecordContext<Partial<WaitingRoomView> & RoomFormValues>();
  // A new room's target, from the address's `?source=` (react-admin fills the form from it).
  const fromLocation = useRecordFromLocation() as RoomFormValues | undefined;
  const isNew = room?.id === undefined;
  const closed = !isNew && (room.closed_at !== null && room.closed_at !== undefined || room.state === 'closed');
  const opened = !isNew && room.shuffled_at !== null && room.shuffled_at !== undefined;
  const submit = async (values: Partial<RoomFormValues>) => {
    const errors: unknown = await save?.(values);
    return errors !== null && typeof errors === 'object' && !('id' in errors)
      ? roomFieldErrors(errors as Record<string, unknown>, translate)
      : undefined;
  };
  const defaults: RoomFormValues | undefined = isNew
    ? { target_kind: targetKindOf(fromLocation ?? {}), admission_seconds: DEFAULT_ADMISSION_SECONDS }
    : undefined;
  return (
    <SimpleForm onSubmit={submit} defaultValues={defaults} toolbar={<RoomToolbar closed={closed} />}>
      <Box sx={{ width: '100%', maxWidth: 720 }}>
        {closed && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate(`${ROOMS}.errors.room_closed`)}
          </Alert>
        )}
        {isNew ? <TargetInputs /> : <FixedTarget />}
        {opened && !closed && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(`${ROOMS}.help.times_locked`)}
          </Alert>
        )}
        {/* Read-only rather than disabled: a disabled input's value is left out of the form's values,
            and the API takes the settings whole (unchanged times are accepted once it opened). */}
        <RomeDateTimeInput
          source="prequeue_opens_at"
          validate={[required(), prequeueNotAfterOpening as Validator]}
          helperText={`${ROOMS}.help.prequeue_opens_at`}
          readOnly={opened || closed}
          fullWidth
        />
        <RomeDateTimeInput
          source="opens_at"
          validate={required()}
          helperText={`${ROOMS}.help.opens_at`}
          readOnly={opened || closed}
          fullWidth
        />
        <NumberInput
          source="admit_per_minute"
          validate={[required(), rateInBounds]}
          helperText={`${ROOMS}.help.admit_per_minute`}
          readOnly={closed}
          fullWidth
        />
        <NumberInput
          source="max_shopping"
          validate={[required(), rateInBounds]}
          helperText={`${ROOMS}.help.max_shopping`}
          readOnly={closed}
          fullWidth
        />
        <NumberInput
          source="admission_seconds"
          format={secondsToMinutes}
          parse={minutesToSeconds}
          validate={[required(), admissionInBounds]}
          helperText={`${ROOMS}.help.admission_seconds`}
          readOnly={closed}
          fullWidth
        />
      </Box>
    </SimpleForm>
  );
}
