import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Login, useLocaleState, useTranslate } from 'react-admin';
import { COMO_BLUE } from '../../../ui-theme/theme';
import { CHALLENGE_EXPIRED } from '../auth/authProvider';
import type { SecondFactorStep as Step } from '../auth/secondFactor';
import { PasswordStep } from './PasswordStep';
import { RecoveryCodesStep } from './RecoveryCodesStep';
import { SecondFactorStep } from './SecondFactorStep';

/**
 * The admin area's sign-in (`/admin/login`), on the club's blue: e-mail and password of a staff
 * account, then the code of the authenticator app; the first time, the app is set up on the
 * way (a QR code to scan) and the recovery codes are shown once. Fans are refused by the API
 * (`forbidden`) and told so.
 *
 * Each step calls react-admin's `login()` (authProvider.login): only the last one resolves, so
 * react-admin redirects as it always does, once the session is open.
 */
export function LoginPage() {
  const translate = useTranslate();
  const title = translate('pages.login.title');
  useEffect(() => {
    document.title = `${title} · ${translate('app.title')}`;
  }, [title, translate]);
  return (
    <Login
      avatarIcon={<ConfirmationNumberOutlinedIcon />}
      sx={{
        backgroundImage: `radial-gradient(circle at 50% 14em, #3d64a8 0%, ${COMO_BLUE} 55%, #00245a 100%)`,
        // The enrolment step is taller than a laptop's screen: the page (and its blue) grows
        // with the card and scrolls, instead of react-admin's one-screen column squeezing the
        // card and cutting its end off.
        height: 'auto',
        '& .RaLogin-card': {
          width: 'min(400px, calc(100vw - 32px))',
          mt: { xs: 4, sm: '6em' },
          mb: 4,
          flexShrink: 0,
        },
        '& .RaLogin-icon': { bgcolor: 'primary.main' },
      }}
    >
      <StaffSignIn />
    </Login>
  );
}

/** Where the staff member is in signing in. */
type Stage =
  /** `notice`: a translation key, why the password is asked again. */
  | { kind: 'password'; notice: string | null }
  | { kind: 'second-factor'; step: Step }
  | { kind: 'recovery-codes'; codes: readonly string[] };

function StaffSignIn() {
  const [stage, setStage] = useState<Stage>({ kind: 'password', notice: null });
  // Kept across the steps: back to the password, the e-mail is still there.
  const [email, setEmail] = useState('');
  const restart = (notice: string | null) => setStage({ kind: 'password', notice });

  return (
    <Box sx={{ px: 3, pb: 3, display: 'grid', gap: 2 }}>
      <LoginHeader email={stage.kind === 'password' ? null : email} />
      {stage.kind === 'password' && (
        <PasswordStep
          email={email}
          onEmailChange={setEmail}
          notice={stage.notice}
          onSecondFactor={(step) => setStage({ kind: 'second-factor', step })}
        />
      )}
      {stage.kind === 'second-factor' && (
        <SecondFactorStep
          step={stage.step}
          onRecoveryCodes={(codes) => setStage({ kind: 'recovery-codes', codes })}
          onExpired={() => restart(CHALLENGE_EXPIRED)}
          onBack={() => restart(null)}
        />
      )}
      {stage.kind === 'recovery-codes' && <RecoveryCodesStep codes={stage.codes} email={email} />}
      <LoginLanguageSwitch />
    </Box>
  );
}

/** The app's name, and once the password is right, whose sign-in this is. */
function LoginHeader({ email }: { email: string | null }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {translate('app.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {email === null ? translate('pages.login.subtitle') : translate('pages.login.signing_in_as', { email })}
      </Typography>
    </Box>
  );
}

/** IT / EN before signing in: the app bar's language menu is only there afterwards. */
function LoginLanguageSwitch() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={locale}
      onChange={(_event, next: unknown) => {
        if (next === 'it' || next === 'en') {
          setLocale(next);
        }
      }}
      aria-label={translate('pages.login.language')}
      sx={{ justifySelf: 'center' }}
    >
      <ToggleButton value="it" lang="it">
        Italiano
      </ToggleButton>
      <ToggleButton value="en" lang="en">
        English
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
