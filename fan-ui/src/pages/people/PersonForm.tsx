import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { IDENTITY_NS } from '../../i18n';
import {
  BLANK_IDENTITY,
  MAX_PEOPLE,
  PERSON_RELATIONSHIPS,
  personIdentity,
  personName,
  personRelationship,
  savePerson,
  savedPeopleKey,
  type PersonRelationship,
} from '../../identity/people';
import { IdentityForm } from '../identity/IdentityForm';
import type { IdentityInput, SavedPerson } from '../../../../api-types';

/** The refusals said under the form rather than on a field. */
const REFUSALS = ['too_many_people', 'person_not_found'] as const;
type Refusal = (typeof REFUSALS)[number];
const isRefusal = (code: string): code is Refusal => (REFUSALS as readonly string[]).includes(code);

interface PersonFormProps {
  /** The saved person whose details are corrected; null for someone new. */
  person: SavedPerson | null;
  /** Saved, with the name as saved. */
  onSaved: (name: string) => void;
  onCancel: () => void;
}

/**
 * A saved person's details (`POST /api/me/people`, `PUT /api/me/people/{id}`): who they are to
 * the fan, then the identity form's fields, checks and words; the API's refusal of a field
 * (`is_you`, `already_saved` on the fiscal code too) shown on it, as the identity page does.
 */
export function PersonForm({ person, onSaved, onCancel }: PersonFormProps) {
  const { t } = useTranslation(IDENTITY_NS);
  const queryClient = useQueryClient();
  const [relationship, setRelationship] = useState<PersonRelationship | ''>(() => (person === null ? '' : personRelationship(person)));
  const [relationshipError, setRelationshipError] = useState(false);
  const relationshipInput = useRef<HTMLInputElement>(null);
  // Kept for the confirmation: the form says only that it is saved.
  const savedName = useRef('');

  const check = (focus: boolean): boolean => {
    if (relationship !== '') {
      return true;
    }
    setRelationshipError(true);
    if (focus) {
      relationshipInput.current?.focus();
    }
    return false;
  };

  const send = async (input: IdentityInput) => {
    // Checked by `check` before the form sends.
    if (relationship === '') {
      return;
    }
    try {
      const saved = await savePerson(relationship, input, person?.id);
      savedName.current = personName(saved);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.relationship !== undefined) {
        setRelationshipError(true);
      }
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: savedPeopleKey });
  };

  const failureText = (error: unknown): string | null => {
    if (!(error instanceof ApiError)) {
      return null;
    }
    if (isRefusal(error.code)) {
      return t(`people.errors.${error.code}`, { max: MAX_PEOPLE });
    }
    // The relationship, refused on its own: marked above.
    return error.status === 422 && Object.keys(error.fieldErrors).length > 0 ? t('errors.fix') : null;
  };

  const before = (
    <>
      <TextField
        id="person-relationship"
        select
        label={t('people.form.relationship')}
        value={relationship}
        onChange={(event) => {
          setRelationship(event.target.value as PersonRelationship);
          setRelationshipError(false);
        }}
        error={relationshipError}
        helperText={relationshipError ? t('people.errors.relationship') : undefined}
        fullWidth
        // Opened by the fan's press: the form's first field takes the focus.
        autoFocus
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { ref: relationshipInput, 'data-testid': 'person-relationship', required: true },
        }}
      >
        <option value="" disabled>
          {t('people.form.chooseRelationship')}
        </option>
        {PERSON_RELATIONSHIPS.map((code) => (
          <option key={code} value={code}>
            {t(`people.relationships.${code}`)}
          </option>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        {t('people.form.intro')}
      </Typography>
    </>
  );

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <IdentityForm
        identity={person === null ? BLANK_IDENTITY : personIdentity(person)}
        onSaved={() => onSaved(savedName.current)}
        send={send}
        title={person === null ? t('people.form.addTitle') : t('people.form.editTitle', { name: personName(person) })}
        submitLabel={t('people.form.save')}
        testId="person-form"
        submitTestId="person-save"
        before={before}
        check={check}
        failureText={failureText}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} data-testid="person-cancel" sx={{ minHeight: 44 }}>
          {t('people.form.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
