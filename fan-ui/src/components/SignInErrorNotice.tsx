import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { apiErrorText } from '../auth/errors';

/** Where a sign-in that left the app (Google) reports why it failed: `?signin_error=<code>`. */
export const SIGNIN_ERROR_PARAM = 'signin_error';

/** Says why a sign-in through Google failed, until the fan closes it. */
export function SignInErrorNotice() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get(SIGNIN_ERROR_PARAM);
  if (code === null || code === '') {
    return null;
  }
  const dismiss = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SIGNIN_ERROR_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <Container maxWidth="md" sx={{ pt: 2 }}>
      <Alert severity="error" onClose={dismiss} closeText={t('app.close')}>
        {t('errors.signInFailed', { reason: apiErrorText(t, new ApiError(0, code, '')) })}
      </Alert>
    </Container>
  );
}
