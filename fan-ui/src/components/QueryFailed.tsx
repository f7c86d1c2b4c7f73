import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { onSaleErrorText } from '../fixtures/errors';

interface QueryFailedProps {
  error: unknown;
  onRetry: () => void;
}

/** Reading something failed: why, in the fan's words, and a way to try again. */
export function QueryFailed({ error, onRetry }: QueryFailedProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      }
    >
      {onSaleErrorText(t, error)}
    </Alert>
  );
}
