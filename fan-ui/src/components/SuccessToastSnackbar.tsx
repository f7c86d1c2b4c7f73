import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';

export interface SuccessToastProps {
  message: string | null;
  onClose: () => void;
  /**
   * Where it shows: at the bottom unless the fan's next step is down there (a form to fill in
   * below it, which on a phone it would cover while it lasts).
   */
  placement?: 'top' | 'bottom';
}

/** A green confirmation that goes away by itself (loaded by `SuccessToast` when first shown). */
export default function SuccessToastSnackbar({ message, onClose, placement = 'bottom' }: SuccessToastProps) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={4000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') {
          onClose();
        }
      }}
      anchorOrigin={{ vertical: placement, horizontal: 'center' }}
    >
      <Alert
        severity="success"
        variant="filled"
        onClose={onClose}
        closeText={t('app.close')}
        sx={{ width: '100%', fontWeight: 600 }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
