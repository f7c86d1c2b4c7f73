import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { resetPassword } from '../../auth/api';
import { apiErrorText, fieldErrorsOf } from '../../auth/errors';
import { useSetSessionUser } from '../../auth/useSession';
import { MessagePage } from '../../components/MessagePage';
import { PasswordField } from '../../components/PasswordField';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { newPasswordProblems, PASSWORD_MIN_LENGTH } from '../my-account/passwordRules';

/** Choosing a new password from the e-mailed link (`/reset-password/{token}`); signs in on success. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('resetPassword.title'));
  const { token = '' } = useParams();
  const setSessionUser = useSetSessionUser();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const reset = useMutation({
    mutationFn: () => resetPassword(token, password),
    onSuccess: ({ user }) => setSessionUser(user),
  });
  const serverErrors = fieldErrorsOf(t, reset.error);

  if (reset.isSuccess) {
    return (
      <MessagePage
        icon={<CheckCircleOutlineIcon />}
        title={t('resetPassword.doneTitle')}
        body={t('resetPassword.doneBody')}
        action={
          <Button component={RouterLink} to="/" variant="contained" size="large">
            {t('resetPassword.goHome')}
          </Button>
        }
      />
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    const problems = newPasswordProblems(password, confirmation);
    if (problems.password !== undefined) {
      next.password = t(problems.password);
    }
    if (problems.confirmation !== undefined) {
      next.confirmation = t(problems.confirmation);
    }
    setErrors(next);
    if (Object.keys(next).length === 0) {
      reset.mutate();
    }
  };

  const linkInvalid = reset.error instanceof ApiError && reset.error.code === 'link_invalid';
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('resetPassword.title')}
      </Typography>
      <Card>
        <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
          <PasswordField
            name="new_password"
            label={t('resetPassword.password')}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            error={errors.password ?? serverErrors.password}
            helperText={t('password.rule', { count: PASSWORD_MIN_LENGTH })}
          />
          <PasswordField
            name="confirm_password"
            label={t('resetPassword.confirm')}
            value={confirmation}
            onChange={setConfirmation}
            autoComplete="new-password"
            error={errors.confirmation}
          />
          {reset.isError && serverErrors.password === undefined && (
            <Alert
              severity="error"
              action={
                linkInvalid ? (
                  <Button component={RouterLink} to="/accedi" color="inherit" size="small">
                    {t('resetPassword.askAgain')}
                  </Button>
                ) : undefined
              }
            >
              {apiErrorText(t, reset.error)}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending}>
              {t('resetPassword.submit')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
