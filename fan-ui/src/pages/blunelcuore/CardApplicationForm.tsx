import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client';
import { applyForCard, cardApplicationsKey, isPhotoCode, RELATIONSHIPS } from '../../cards/applications';
import { Loading } from '../../components/Loading';
import { SUPPORTER_CARD_NS } from '../../i18n';
import { identityQuery } from '../../identity/api';
import { BLANK_IDENTITY, personIdentity, personRelationship, savedPeopleQuery } from '../../identity/people';
import { IdentityForm } from '../identity/IdentityForm';
import { SavedPersonPicker } from '../people/SavedPersonPicker';
import { PhotoField } from './PhotoField';
import { useCardPhoto } from './useCardPhoto';
import type { CardRelationship, IdentityInput } from '../../../../api-types';

/** For browser journeys: MUI's checkbox passes it on to its input (its type lists no data attributes). */
const CONSENT_TEST_ID = { 'data-testid': 'card-consent' };

/** The refusals of the application that are said in words of its own rather than on a field. */
const CONFLICTS = ['already_applied', 'too_many_applications'] as const;
type Conflict = (typeof CONFLICTS)[number];
const isConflict = (code: string): code is Conflict => (CONFLICTS as readonly string[]).includes(code);

/** Which of the form's choices the fan changed last: drawn again with the holder's fields, it keeps the focus. */
type Chosen = 'relationship' | 'person' | null;

/**
 * "Richiedi la tessera" (`POST /api/me/supporter-card-applications`): whose card it is, the
 * holder's identity (the identity form's fields, checks and words; "Per me" starts from the fan's
 * own details, a saved person from theirs, with their relationship), their photo seen as the card
 * prints it, and the consent. Sent, the list is read again and the form starts over.
 */
export function CardApplicationForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  const queryClient = useQueryClient();
  const consentHelpId = useId();
  const [relationship, setRelationship] = useState<CardRelationship>('self');
  // The saved person the holder's fields were filled from; null for none.
  const [personId, setPersonId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Chosen>(null);
  // The API's code for the relationship (`invalid`, `identity_required`); null for none.
  const [relationshipError, setRelationshipError] = useState<string | null>(null);
  const photo = useCardPhoto();
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  // Each application sent starts a new form.
  const [round, setRound] = useState(0);
  const photoInput = useRef<HTMLInputElement>(null);
  const consentInput = useRef<HTMLInputElement>(null);

  const self = relationship === 'self';
  const identity = useQuery({ ...identityQuery, enabled: self });
  // The fan's saved people, to fill the holder from (none, or not readable: nothing is offered).
  const people = useQuery(savedPeopleQuery).data ?? [];
  if (self && identity.isPending) {
    return <Loading />;
  }
  // "Per me" starts from the fan's saved details (blank when they cannot be read); a saved person
  // from theirs; anyone else's from nothing. The holder's fields start again when one turns into another.
  const prefilled = self && identity.data !== undefined;
  const person = self ? undefined : people.find(({ id }) => id === personId);
  const holder = prefilled ? identity.data : person !== undefined ? personIdentity(person) : BLANK_IDENTITY;
  // "Per me" before the fan saved their identity: the API refuses it (`identity_required`).
  const identityMissing = self && identity.data?.registration === 'none';

  const check = (focus: boolean): boolean => {
    const photoReady = photo.photo !== null;
    if (!photoReady && !photo.pending && photo.failure === null) {
      photo.refuse('photo_missing');
    }
    if (!consent) {
      setConsentError(true);
    }
    if (focus && !photoReady) {
      photoInput.current?.focus();
    } else if (focus && !consent) {
      consentInput.current?.focus();
    }
    return photoReady && consent;
  };

  const send = async (input: IdentityInput) => {
    // Checked by `check` before the form sends.
    const photoBase64 = photo.photo?.base64 ?? '';
    try {
      await applyForCard({ relationship, holder: input, photo_base64: photoBase64, consent });
    } catch (error) {
      // The identity form forgets an ended session, and shows the holder's fields' refusals.
      if (!(error instanceof ApiError)) {
        throw error;
      }
      const photoCode = error.fieldErrors.photo_base64 ?? error.code;
      if (isPhotoCode(photoCode)) {
        photo.refuse(photoCode);
      }
      if (error.fieldErrors.consent !== undefined) {
        setConsentError(true);
      }
      if (error.fieldErrors.relationship !== undefined) {
        setRelationshipError(error.fieldErrors.relationship);
      }
      if (isConflict(error.code)) {
        // Said of the person, under the form: not a field to correct.
        throw new ApiError(error.status, error.code, error.message);
      }
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: cardApplicationsKey });
  };

  const failureText = (error: unknown): string | null => {
    if (!(error instanceof ApiError)) {
      return null;
    }
    if (isConflict(error.code)) {
      return t(`errors.${error.code}`);
    }
    const photoCode = error.fieldErrors.photo_base64 ?? error.code;
    if (isPhotoCode(photoCode)) {
      return t(`errors.${photoCode}`);
    }
    return error.status === 422 && Object.keys(error.fieldErrors).length > 0 ? t('errors.fix') : null;
  };

  const sent = () => {
    setRound((current) => current + 1);
    setRelationship('self');
    setPersonId(null);
    setChosen(null);
    setRelationshipError(null);
    photo.reset();
    setConsent(false);
    setConsentError(false);
    onSent();
  };

  /** Said where the fan chooses "Per me", with the way to their details. */
  const identityRequired = (
    <>
      {t('errors.identity_required')}{' '}
      <Link component={RouterLink} to="/myaccount/identity" color="inherit">
        {t('errors.identity_requiredLink')}
      </Link>
    </>
  );

  const before = (
    <>
      <TextField
        id="card-relationship"
        select
        label={t('form.relationship')}
        value={relationship}
        onChange={(event) => {
          const next = event.target.value as CardRelationship;
          setRelationship(next);
          // "Per me" is the fan's own details, never a saved person's.
          if (next === 'self') {
            setPersonId(null);
          }
          setChosen('relationship');
          setRelationshipError(null);
        }}
        error={relationshipError !== null}
        helperText={
          relationshipError === 'identity_required'
            ? identityRequired
            : relationshipError !== null
              ? t('errors.relationship')
              : undefined
        }
        fullWidth
        // The holder's fields start again with another kind of holder: the choice keeps the focus.
        autoFocus={chosen === 'relationship'}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'card-relationship', required: true },
        }}
      >
        {RELATIONSHIPS.map((code) => (
          <option key={code} value={code}>
            {t(`relationships.${code}`)}
          </option>
        ))}
      </TextField>
      <SavedPersonPicker
        people={people}
        value={person?.id ?? ''}
        onPick={(picked) => {
          setPersonId(picked.id);
          setRelationship(personRelationship(picked));
          setChosen('person');
          setRelationshipError(null);
        }}
        testId="card-saved-person"
        wide
        autoFocus={chosen === 'person'}
      />
      {/* A saved person's details: the picker says where they come from. */}
      {person === undefined && relationshipError !== 'identity_required' && (
        <Typography variant="body2" color="text.secondary" data-testid={identityMissing ? 'card-identity-required' : undefined}>
          {identityMissing ? identityRequired : prefilled && holder.first_name !== '' ? t('form.selfFilled') : t('form.holder')}
        </Typography>
      )}
    </>
  );

  const after = (
    <>
      <PhotoField
        inputRef={photoInput}
        photo={photo.photo}
        failure={photo.failure}
        pending={photo.pending}
        onFile={(file) => void photo.choose(file)}
      />
      <FormControl error={consentError}>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -1 } }}
          control={
            <Checkbox
              checked={consent}
              onChange={(event) => {
                setConsent(event.target.checked);
                setConsentError(false);
              }}
              slotProps={{
                input: {
                  ref: consentInput,
                  required: true,
                  'aria-describedby': consentError ? consentHelpId : undefined,
                  ...CONSENT_TEST_ID,
                },
              }}
            />
          }
          label={<Typography variant="body2">{t('form.consent')}</Typography>}
        />
        {consentError && <FormHelperText id={consentHelpId}>{t('errors.consent')}</FormHelperText>}
      </FormControl>
    </>
  );

  return (
    <IdentityForm
      key={`${round}-${prefilled ? 'self' : (person?.id ?? 'other')}`}
      identity={holder}
      onSaved={sent}
      send={send}
      title={t('form.title')}
      submitLabel={t('form.submit')}
      testId="card-application-form"
      submitTestId="card-apply-submit"
      before={before}
      after={after}
      check={check}
      failureText={failureText}
    />
  );
}
