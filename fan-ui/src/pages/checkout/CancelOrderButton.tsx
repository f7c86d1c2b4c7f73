import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkoutErrorText } from '../../orders/errors';
import type { Order } from '../../orders/types';
import { useCancelOrder } from '../../orders/useOrderActions';

/** "Cancel order", asked twice: the seats go back on sale and cannot be had back. */
export function CancelOrderButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(order);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setAsking(true)} data-testid="cancel-order-button">
        {t('checkout.cancel')}
      </Button>
      {cancel.isError && <Alert severity="error">{checkoutErrorText(t, cancel.error)}</Alert>}
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('checkout.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('checkout.cancelBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('checkout.cancelKeep')}</Button>
          <Button
            color="error"
            variant="contained"
            loading={cancel.isPending}
            data-testid="cancel-order-confirm"
            onClick={() => cancel.mutate(undefined, { onSettled: () => setAsking(false) })}
          >
            {t('checkout.cancelConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
