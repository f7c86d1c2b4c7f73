import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { apiErrorText, looksLikeEmail } from '../../auth/errors';
import { useForgetEndedSession } from '../../auth/useSession';
import { EmailField } from '../../components/EmailField';
import { TRANSFER_NS } from '../../i18n';
import { shareTicket } from '../../transfers/api';
import type { WalletTicket } from '../../../../api-types';

/** The refusals said in the dialog's own words; any other in the app's. */
const REFUSALS = ['ticket_not_found', 'title_used', 'title_cancelled', 'rate_limited'] as const;

/**
 * "Invia una copia": asks for an e-mail address, `POST /api/wallet/{id}/share`, then says the
 * copy is on its way, or why not. The holder does not change (the dialog says so).
 */
export function ShareTicketDialog({ ticket, seat, onClose }: { ticket: WalletTicket; seat: string; onClose: () => void }) {
  const { t } = useTranslation(TRANSFER_NS);
  const { t: app } = useTranslation();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const forgetEndedSession = useForgetEndedSession();
  const share = useMutation({
    mutationFn: (address: string) => shareTicket(ticket.id, { email: address }),
    onError: (error) => {
      forgetEndedSession(error);
      if (error instanceof ApiError && error.status === 422) {
        setEmailError(app('fieldErrors.invalid_email'));
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    share.reset();
    const address = email.trim();
    const problem = address === '' || !looksLikeEmail(address) ? app('fieldErrors.invalid_email') : null;
    setEmailError(problem);
    if (problem === null) {
      share.mutate(address);
    }
  };

  const error = share.error;
  const refusal = error instanceof ApiError ? REFUSALS.find((code) => code === error.code) : undefined;
  const failure =
    error === null || (error instanceof ApiError && error.status === 422)
      ? null
      : refusal === undefined
        ? apiErrorText(app, error)
        : t(`share.errors.${refusal}`);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid={`share-dialog-${ticket.id}`}>
      <DialogTitle id={titleId}>{t('share.title')}</DialogTitle>
      {share.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status" data-testid="share-sent">
              {t('share.sent', { email: share.variables })}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('share.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={submit}>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText>
              <strong>{seat}</strong>
              <br />
              {t('share.body')}
            </DialogContentText>
            <EmailField
              value={email}
              onChange={(value) => {
                setEmail(value);
                setEmailError(null);
              }}
              autoComplete="off"
              label={t('share.email')}
              error={emailError}
            />
            {failure !== null && (
              <Alert severity="error" data-testid="share-failure">
                {failure}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('share.cancel')}</Button>
            <Button type="submit" variant="contained" loading={share.isPending} data-testid="share-send">
              {t('share.send')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
