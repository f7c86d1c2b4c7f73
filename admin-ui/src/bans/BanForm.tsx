import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  email,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { RomeDateTimeInput } from '../fields/RomeDateTimeInput';
import { banFieldErrorKey, endAfterStart, useSaveWithFieldErrors, validReason, validSeal, type BanFormValues } from './banRequest';
import { banSubject, banTypeOf, isLifted, MAX_REASON_LENGTH, subjectField, type Ban, type BanType } from './types';

const BANS = 'resources.bans';
const ERRORS = `${BANS}.errors`;

/** A new ban's e-mail or seal, with what the ban will bar. */
function SubjectInput({ type }: { type: BanType }) {
  return type === 'emails' ? (
    <TextInput
      source="email"
      type="email"
      validate={[required(), email(`${ERRORS}.email_invalid`)]}
      helperText={`${BANS}.help.email`}
      fullWidth
    />
  ) : (
    <TextInput source="seal" validate={[required(), validSeal as Validator]} helperText={`${BANS}.help.seal`} fullWidth />
  );
}

/** An existing ban's e-mail or seal, which does not change. */
function FixedSubject({ type, ban }: { type: BanType; ban: Partial<Ban> }) {
  const translate = useTranslate();
  const field = subjectField(type);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(`resources.bans/${type}.fields.${field}`)}
      </Typography>
      <Typography variant="body1" sx={field === 'seal' ? { fontFamily: 'monospace' } : { overflowWrap: 'anywhere' }}>
        {banSubject(ban)}
      </Typography>
    </Box>
  );
}

/** Saving, unless the ban is lifted. */
function BanToolbar({ lifted }: { lifted: boolean }) {
  return (
    <Toolbar>
      <SaveButton disabled={lifted} />
    </Toolbar>
  );
}

/**
 * A ban's form, for a new ban and an existing one: the e-mail or the seal (a new ban's only),
 * its start (a new ban's may stay empty: now) and optional end in Italian time, and the reason.
 * The API's refusals (422, a code per field) go under their inputs in our words. A lifted ban
 * shows read-only.
 */
export function BanForm() {
  const submit = useSaveWithFieldErrors<BanFormValues>(banFieldErrorKey);
  const translate = useTranslate();
  const type = banTypeOf(useResourceContext());
  const ban = useRecordContext<Ban>();
  const isNew = ban?.id === undefined;
  const lifted = !isNew && isLifted(ban);
  return (
    <SimpleForm onSubmit={submit} toolbar={<BanToolbar lifted={lifted} />}>
      <Box sx={{ width: '100%', maxWidth: 720 }}>
        {lifted && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(`${BANS}.lifted_read_only`)}
          </Alert>
        )}
        {isNew ? <SubjectInput type={type} /> : <FixedSubject type={type} ban={ban} />}
        {/* Read-only rather than disabled once lifted: the page still shows what the ban was. */}
        <RomeDateTimeInput
          source="start_at"
          validate={isNew ? undefined : required()}
          helperText={isNew ? `${BANS}.help.start_at` : `${BANS}.help.start_at_edit`}
          readOnly={lifted}
          fullWidth
        />
        <RomeDateTimeInput
          source="end_at"
          validate={endAfterStart as Validator}
          helperText={`${BANS}.help.end_at`}
          readOnly={lifted}
          fullWidth
        />
        <TextInput
          source="reason"
          validate={validReason as Validator}
          helperText={`${BANS}.help.reason`}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: MAX_REASON_LENGTH } }}
          readOnly={lifted}
          fullWidth
        />
      </Box>
    </SimpleForm>
  );
}
