import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import type { LoginParams } from '../auth/authProvider';
import { copyText } from './copyText';

interface RecoveryCodesStepProps {
  codes: readonly string[];
  email: string;
}

/**
 * Right after the enrolment: the ten recovery codes, shown this once. The session is already
 * open, but the app opens only once the staff member says the codes are saved.
 */
export function RecoveryCodesStep({ codes, email }: RecoveryCodesStepProps) {
  const translate = useTranslate();
  const login = useLogin();
  const [saved, setSaved] = useState(false);
  const [missing, setMissing] = useState(false);
  const [copied, setCopied] = useState(false);
  const [loading, setLoading] = useState(false);
  const asText = [translate('pages.login.recovery.file_heading', { email }), '', ...codes, ''].join('\n');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saved) {
      setMissing(true);
      return;
    }
    setLoading(true);
    const params: LoginParams = { recoveryCodesSaved: true };
    // Resolves at once: react-admin redirects as after any sign-in.
    login(params)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {translate('pages.login.recovery.title')}
      </Typography>
      <Alert severity="warning">{translate('pages.login.recovery.intro')}</Alert>
      <Box
        component="ol"
        aria-label={translate('pages.login.recovery.title')}
        data-testid="recovery-codes"
        sx={{
          m: 0,
          pl: 4,
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          columnGap: 4,
          rowGap: 0.5,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
        <Button
          type="button"
          size="small"
          startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
          onClick={() => {
            void copyText(asText).then(setCopied);
          }}
        >
          {translate(copied ? 'pages.login.recovery.copied' : 'pages.login.recovery.copy')}
        </Button>
        <Button type="button" size="small" startIcon={<DownloadIcon />} onClick={() => download(asText)}>
          {translate('pages.login.recovery.download')}
        </Button>
      </Box>
      <FormControl error={missing} required>
        <FormControlLabel
          control={
            <Checkbox
              checked={saved}
              onChange={(event) => {
                setSaved(event.target.checked);
                setMissing(false);
              }}
            />
          }
          label={translate('pages.login.recovery.saved')}
        />
        {missing && <FormHelperText>{translate('pages.login.recovery.saved_required')}</FormHelperText>}
      </FormControl>
      <Button type="submit" variant="contained" size="large" fullWidth loading={loading}>
        {translate('pages.login.recovery.continue')}
      </Button>
    </Box>
  );
}

/** Saves the codes as a text file, made here: they never travel again. */
function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'lario-recovery-codes.txt';
  link.click();
  // Not at once: the browser may not have started reading it yet.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
