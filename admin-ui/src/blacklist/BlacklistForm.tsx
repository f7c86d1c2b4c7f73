import Box from '@mui/material/Box';
import { SimpleForm, TextInput, type Validator } from 'react-admin';
import { useSaveWithFieldErrors } from '../bans/banRequest';
import { MAX_REASON_LENGTH } from '../bans/types';
import {
  blacklistFieldErrorKey,
  validBirthDate,
  validFirstName,
  validFiscalCode,
  validLastName,
  validReason,
  type BlacklistFormValues,
} from './blacklistRequest';
import { MAX_NAME_LENGTH } from './types';

const BLACKLIST = 'resources.blacklist';

/**
 * A person put on the blacklist: their name, surname and birth date, their fiscal code if known,
 * and why. What the API would refuse is said under each input before sending; what it refuses
 * anyway (422, a code per field: a fiscal code whose check character does not match...) goes
 * there too, in our words.
 */
export function BlacklistForm() {
  const submit = useSaveWithFieldErrors<BlacklistFormValues>(blacklistFieldErrorKey);
  return (
    <SimpleForm onSubmit={submit}>
      <Box sx={{ width: '100%', maxWidth: 720 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
          <TextInput
            source="first_name"
            validate={validFirstName as Validator}
            isRequired
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: MAX_NAME_LENGTH } }}
          />
          <TextInput
            source="last_name"
            validate={validLastName as Validator}
            isRequired
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: MAX_NAME_LENGTH } }}
          />
          {/* A native date input, whose value is the API's yyyy-mm-dd (react-admin's DateInput
              still hands MUI a label prop MUI no longer has). */}
          <TextInput
            source="birth_date"
            type="date"
            validate={validBirthDate as Validator}
            isRequired
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextInput
            source="fiscal_code"
            validate={validFiscalCode as Validator}
            helperText={`${BLACKLIST}.help.fiscal_code`}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 16, spellCheck: false, autoCapitalize: 'characters', style: { fontFamily: 'monospace' } } }}
          />
        </Box>
        <TextInput
          source="reason"
          validate={validReason as Validator}
          isRequired
          helperText={`${BLACKLIST}.help.reason`}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: MAX_REASON_LENGTH } }}
          fullWidth
        />
      </Box>
    </SimpleForm>
  );
}
