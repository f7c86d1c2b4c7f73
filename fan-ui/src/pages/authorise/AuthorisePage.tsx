import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { verifyLink } from '../../auth/api';
import { apiErrorText } from '../../auth/errors';
import { useSetSessionUser } from '../../auth/useSession';
import { MessagePage } from '../../components/MessagePage';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/**
 * Landing of the e-mailed sign-in link (`/authorise/{code}`): signs in with the link's token
 * and goes home; a used or expired link says so and offers to ask for a new one.
 */
export default function AuthorisePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('authorise.title'));
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const setSessionUser = useSetSessionUser();
  const verify = useMutation({
    mutationFn: verifyLink,
    onSuccess: ({ user }) => {
      setSessionUser(user);
      void navigate('/', { replace: true });
    },
  });
  const { mutate } = verify;

  // The link works once: ask once, even when React runs effects twice in development.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (code !== '' && asked.current !== code) {
      asked.current = code;
      mutate(code);
    }
  }, [code, mutate]);

  if (code === '' || verify.isError) {
    const error = verify.isError ? apiErrorText(t, verify.error) : t('errors.link_invalid');
    return (
      <MessagePage
        icon={<LinkOffIcon />}
        title={t('authorise.failedTitle')}
        body={error}
        action={
          <Button component={RouterLink} to="/accedi" variant="contained" size="large">
            {t('authorise.askAgain')}
          </Button>
        }
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 10 }} role="status">
      <CircularProgress aria-hidden="true" />
      <Typography variant="h6" component="h1">
        {t('authorise.signingIn')}
      </Typography>
    </Box>
  );
}
