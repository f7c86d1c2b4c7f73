import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { checkoutErrorText } from '../../orders/errors';
import type { UseMutationResult } from '@tanstack/react-query';

/** "Cancel order", asked twice: the seats go back on sale and cannot be had back. */
export function CancelOrderButton({ cancel }: { cancel: UseMutationResult<unknown, Error, void> }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setAsking(true)} data-testid="cancel-order-button">
        {t('checkout.cancel')}
      </Button>
      {cancel.isError && <Alert severity="error">{checkoutErrorText(t, cancel.error)}</Alert>}
      <ConfirmDialog
        open={asking}
        title={t('checkout.cancelTitle')}
        body={t('checkout.cancelBody')}
        keepLabel={t('checkout.cancelKeep')}
        confirmLabel={t('checkout.cancelConfirm')}
        pending={cancel.isPending}
        onKeep={() => setAsking(false)}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setAsking(false) })}
        confirmTestId="cancel-order-confirm"
      />
    </>
  );
}
