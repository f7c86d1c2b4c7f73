import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateProfile } from '../auth/api';
import { DISPLAY_NAME_MAX, displayNameProblem } from '../auth/displayName';
import { apiErrorText, fieldErrorsOf } from '../auth/errors';
import { useSetSessionUser } from '../auth/useSession';
import { DISPLAY_NAME_DIALOG_DELAY_MS } from './displayNameDelay';

/**
 * The mandatory display-name dialog itself (see DisplayNameDialog.tsx, which decides whether it
 * is needed): a chunk of its own, with the text field and the dialog, so that no first page
 * carries them for the few accounts without a name.
 */
export default function DelayedDisplayNameDialog() {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), DISPLAY_NAME_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const titleId = useId();
  // No onClose: neither Escape nor a click outside closes it.
  return (
    <Dialog open={due} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DisplayNameForm titleId={titleId} />
    </Dialog>
  );
}

function DisplayNameForm({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  const setSessionUser = useSetSessionUser();
  const [displayName, setDisplayName] = useState('');
  const [confirmedAge, setConfirmedAge] = useState(false);
  const save = useMutation({
    mutationFn: () => updateProfile({ display_name: displayName.trim(), consent_13_years: true }),
    // The user now has a name: the dialog goes away with it.
    onSuccess: ({ user }) => setSessionUser(user),
  });
  const serverError = fieldErrorsOf(t, save.error).display_name;
  const problem = displayNameProblem(displayName);
  const canContinue = problem === null && confirmedAge;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canContinue) {
      save.mutate();
    }
  };

  const tooLong = problem === 'too_long';
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{t('displayNameDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('displayNameDialog.intro')}</DialogContentText>
        <TextField
          name="display_name"
          label={t('displayNameDialog.label')}
          value={displayName}
          onChange={(event) => {
            setDisplayName(event.target.value);
            save.reset();
          }}
          required
          fullWidth
          autoFocus
          autoComplete="nickname"
          error={tooLong || serverError !== undefined}
          helperText={
            serverError ??
            (tooLong ? t('fieldErrors.display_name_too_long') : t('displayNameDialog.hint', { max: DISPLAY_NAME_MAX }))
          }
          slotProps={{ htmlInput: { maxLength: DISPLAY_NAME_MAX } }}
        />
        <FormControlLabel
          control={
            <Checkbox
              name="consent_13_years"
              checked={confirmedAge}
              onChange={(event) => setConfirmedAge(event.target.checked)}
              required
            />
          }
          label={t('displayNameDialog.confirmAge')}
          sx={{ mt: 1.5, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
        />
        {save.isError && serverError === undefined && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {apiErrorText(t, save.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button type="submit" variant="contained" size="large" disabled={!canContinue} loading={save.isPending}>
          {t('displayNameDialog.continue')}
        </Button>
      </DialogActions>
    </Box>
  );
}
