import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { deleteAccount, deletionRefusalOf } from '../../auth/accountDeletion';
import { apiErrorText } from '../../auth/errors';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { sessionQueryKey, useForgetEndedSession, useSession, useSetSessionUser } from '../../auth/useSession';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { ACCOUNT_DELETION_NS } from '../../i18n';

/** What the deletion erases, in the page's order: `erased.<key>` in the texts. */
const ERASED = ['profile', 'identity', 'contacts', 'cards', 'notifications'] as const;

/**
 * Delete my account (`/myaccount/delete`): what is erased and what is kept, and the deletion
 * itself, confirmed by the account's e-mail typed again; signed-in fans only. Once deleted, the
 * page says so outside the sign-in guard, which would otherwise send the fan home as the session
 * is cleared.
 */
export default function AccountDeletionPage() {
  const { t } = useTranslation(ACCOUNT_DELETION_NS);
  const [deleted, setDeleted] = useState(false);
  useDocumentTitle(deleted ? t('deleted.title') : t('page.title'));
  if (deleted) {
    return <AccountDeleted />;
  }
  return (
    <RequireSignIn>
      <DeleteAccount onDeleted={() => setDeleted(true)} />
    </RequireSignIn>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation(ACCOUNT_DELETION_NS);
  const { user } = useSession();
  if (user === null) {
    return null;
  }
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Button component={RouterLink} to="/myaccount" size="small" startIcon={<ArrowBackIcon />}>
          {t('page.back')}
        </Button>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('page.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('page.intro')}
        </Typography>
      </Box>
      <WhatHappens />
      <DeletionForm email={user.email} onDeleted={onDeleted} />
    </Container>
  );
}

/** What is erased, what is kept (the fiscal rules keep the orders and issued titles), and that it is final. */
function WhatHappens() {
  const { t } = useTranslation(ACCOUNT_DELETION_NS);
  const erasedId = useId();
  const keptId = useId();
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box component="section" aria-labelledby={erasedId}>
          <Typography id={erasedId} variant="h6" component="h2">
            {t('erased.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {ERASED.map((key) => (
              <Typography key={key} component="li" variant="body2">
                {t(`erased.${key}`)}
              </Typography>
            ))}
          </Box>
        </Box>
        <Box component="section" aria-labelledby={keptId}>
          <Typography id={keptId} variant="h6" component="h2">
            {t('kept.title')}
          </Typography>
          <Typography variant="body2">{t('kept.orders')}</Typography>
        </Box>
        {/* Said as the page is read, not announced as it loads. */}
        <Alert severity="warning" role="note">
          {t('final')}
        </Alert>
      </CardContent>
    </Card>
  );
}

/**
 * The e-mail typed again and the red button, which waits for something typed. The API has the
 * last word on the e-mail: a mismatch is said on the field, which takes the focus; a refusal no
 * field explains (an order under way, a staff account, the network) is said under it.
 */
function DeletionForm({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const { t } = useTranslation(ACCOUNT_DELETION_NS);
  // The app's words for a failure the page does not word itself.
  const { t: appText } = useTranslation();
  const forgetEndedSession = useForgetEndedSession();
  const titleId = useId();
  const inputId = useId();
  const [typed, setTyped] = useState('');

  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: onDeleted,
    onError: (error) => {
      if (deletionRefusalOf(error) === 'not_matching') {
        document.getElementById(inputId)?.focus();
      }
      forgetEndedSession(error);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim() !== '' && !remove.isPending) {
      remove.mutate(typed);
    }
  };

  const refusal = deletionRefusalOf(remove.error);
  const fieldError = refusal === 'not_matching' ? t('errors.not_matching') : undefined;
  let failure: string | null = null;
  if (remove.isError && refusal !== 'not_matching') {
    failure = refusal === null ? apiErrorText(appText, remove.error) : t(`errors.${refusal}`);
  }

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('form.title')}
        </Typography>
        <TextField
          id={inputId}
          name="confirm_email"
          type="email"
          label={t('form.email')}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            // A new attempt: the last answer no longer stands.
            if (remove.isError) {
              remove.reset();
            }
          }}
          fullWidth
          autoComplete="off"
          error={fieldError !== undefined}
          helperText={fieldError ?? t('form.emailHint', { email })}
          // Required for screen readers, with no asterisk: the label is exactly the field's name.
          slotProps={{ htmlInput: { required: true, inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
        />
        {failure !== null && <Alert severity="error">{failure}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            color="error"
            size="large"
            disabled={typed.trim() === ''}
            loading={remove.isPending}
          >
            {t('form.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The deletion done: the API ended the session, and the app forgets the fan here, once the
 * sign-in guard is gone: the session, and every answer it kept of theirs (their identity, orders,
 * wallet), so that nothing of the deleted account stays on a shared device. The heading takes the
 * focus, which the form's button had.
 */
function AccountDeleted() {
  const { t } = useTranslation(ACCOUNT_DELETION_NS);
  const setSessionUser = useSetSessionUser();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    setSessionUser(null);
    headingRef.current?.focus();
  }, [queryClient, setSessionUser]);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, sm: 10 }, display: 'grid', gap: 2, justifyItems: 'center', textAlign: 'center' }}>
      <CheckCircleOutlineIcon aria-hidden="true" color="success" sx={{ fontSize: 56 }} />
      <Typography ref={headingRef} tabIndex={-1} variant="h4" component="h1" sx={{ '&:focus': { outline: 'none' } }}>
        {t('deleted.title')}
      </Typography>
      <Typography variant="body1" color="text.secondary">
        {t('deleted.body')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {t('deleted.home')}
      </Button>
    </Container>
  );
}
