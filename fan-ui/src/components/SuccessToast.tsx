import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

interface SuccessToastProps {
  message: string | null;
  onClose: () => void;
}

/** A green confirmation at the bottom of the screen that goes away by itself. */
export function SuccessToast({ message, onClose }: SuccessToastProps) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={4000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') {
          onClose();
        }
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="success" variant="filled" onClose={onClose} sx={{ width: '100%', fontWeight: 600 }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
