import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateProfile } from '../../auth/api';
import { DISPLAY_NAME_MAX, displayNameProblem } from '../../auth/displayName';
import { apiErrorText, fieldErrorsOf } from '../../auth/errors';
import { useForgetEndedSession, useSetSessionUser } from '../../auth/useSession';
import { FormCard } from '../../components/FormCard';
import { isLanguage, SUPPORTED_LANGUAGES, type Language } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { MeView } from '../../../../api-types';

interface ProfileFormProps {
  user: MeView;
  onSaved: () => void;
}

interface ProfileValues {
  display_name: string;
  first_name: string;
  last_name: string;
  language: Language;
  marketing_consent: boolean;
  profiling_consent: boolean;
  third_party_consent: boolean;
}

const CONSENTS = ['marketing_consent', 'profiling_consent', 'third_party_consent'] as const;

function valuesOf(user: MeView, fallbackLanguage: Language): ProfileValues {
  return {
    display_name: user.display_name,
    first_name: user.first_name,
    last_name: user.last_name,
    language: isLanguage(user.language) ? user.language : fallbackLanguage,
    marketing_consent: user.marketing_consent,
    profiling_consent: user.profiling_consent,
    third_party_consent: user.third_party_consent,
  };
}

/** The fan's profile: display name, first and last name, language (also the app's), consents. */
export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const { t, i18n } = useTranslation();
  const uiLanguage = useUiLanguage();
  const forgetEndedSession = useForgetEndedSession();
  const setSessionUser = useSetSessionUser();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user, uiLanguage));
  const [displayNameError, setDisplayNameError] = useState<string | null>(null);
  // Whether the fan picked a language here: only then does saving switch the app's language.
  const [languagePicked, setLanguagePicked] = useState(false);

  const save = useMutation({
    mutationFn: (update: ProfileValues) => updateProfile({ ...update, display_name: update.display_name.trim() }),
    onSuccess: ({ user: saved }) => {
      setSessionUser(saved);
      setValues(valuesOf(saved, uiLanguage));
      // The language chosen here is the app's too; saving anything else leaves the app as it is.
      if (languagePicked && isLanguage(saved.language)) {
        void i18n.changeLanguage(saved.language);
      }
      setLanguagePicked(false);
      onSaved();
    },
    // The session ended meanwhile: the page sends the fan to sign in again.
    onError: forgetEndedSession,
  });
  const serverErrors = fieldErrorsOf(t, save.error);

  const set = <K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = displayNameProblem(values.display_name);
    if (problem !== null) {
      setDisplayNameError(t(`fieldErrors.display_name_${problem}`));
      return;
    }
    setDisplayNameError(null);
    save.mutate(values);
  };

  const shownDisplayNameError = displayNameError ?? serverErrors.display_name;
  const otherFailure =
    save.isError && Object.keys(serverErrors).length === 0 ? apiErrorText(t, save.error) : null;

  return (
    <FormCard
      title={t('myAccount.profile.title')}
      onSubmit={submit}
      submitLabel={t('myAccount.profile.save')}
      pending={save.isPending}
      failure={otherFailure}
    >
      <TextField
        name="display_name"
        label={t('myAccount.profile.displayName')}
        value={values.display_name}
        onChange={(event) => {
          set('display_name', event.target.value);
          setDisplayNameError(null);
        }}
        required
        fullWidth
        autoComplete="nickname"
        error={shownDisplayNameError !== undefined && shownDisplayNameError !== null}
        helperText={shownDisplayNameError ?? t('myAccount.profile.displayNameHint', { max: DISPLAY_NAME_MAX })}
        slotProps={{ htmlInput: { maxLength: DISPLAY_NAME_MAX } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          name="first_name"
          label={t('myAccount.profile.firstName')}
          value={values.first_name}
          onChange={(event) => set('first_name', event.target.value)}
          fullWidth
          autoComplete="given-name"
          error={serverErrors.first_name !== undefined}
          helperText={serverErrors.first_name}
        />
        <TextField
          name="last_name"
          label={t('myAccount.profile.lastName')}
          value={values.last_name}
          onChange={(event) => set('last_name', event.target.value)}
          fullWidth
          autoComplete="family-name"
          error={serverErrors.last_name !== undefined}
          helperText={serverErrors.last_name}
        />
      </Box>
      <TextField
        select
        name="language"
        label={t('myAccount.profile.language')}
        value={values.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) {
            set('language', event.target.value);
            setLanguagePicked(true);
          }
        }}
        fullWidth
        error={serverErrors.language !== undefined}
        helperText={serverErrors.language ?? t('myAccount.profile.languageHint')}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <MenuItem key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2">
          {t('myAccount.profile.consents')}
        </Typography>
        <FormGroup>
          {CONSENTS.map((consent) => (
            <FormControlLabel
              key={consent}
              control={
                <Checkbox
                  name={consent}
                  checked={values[consent]}
                  onChange={(event) => set(consent, event.target.checked)}
                />
              }
              label={<Typography variant="body2">{t(`myAccount.profile.${consent}`)}</Typography>}
              sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 }, my: 0.25 }}
            />
          ))}
        </FormGroup>
      </Box>
    </FormCard>
  );
}
