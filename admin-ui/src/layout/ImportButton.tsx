import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import { useMutation } from '@tanstack/react-query';
import { Button, useNotify, useRefresh } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';

interface ImportButtonProps<T> {
  /** Translation key of the button. */
  label: string;
  /** The import call. */
  run: () => Promise<T>;
  /** The notification once done: a translation key and its arguments (the counts). */
  done: (result: T) => { message: string; args: Record<string, number> };
  /** Translation key of the notification when the import failed for a reason we have no words for. */
  failed: string;
  variant?: 'text' | 'contained';
}

/**
 * Runs one of the "import from the ticketing system" endpoints, says what came in, and reloads
 * the page's data. Disabled while running, so one click is one import.
 */
export function ImportButton<T>({ label, run, done, failed, variant = 'text' }: ImportButtonProps<T>) {
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      const { message, args } = done(result);
      notify(message, { type: 'success', messageArgs: args });
      refresh();
    },
    onError: (error) => notify(apiErrorMessageKey(error, failed), { type: 'error' }),
  });
  return (
    <Button label={label} variant={variant} onClick={() => mutation.mutate()} disabled={mutation.isPending}>
      <CloudDownloadOutlinedIcon />
    </Button>
  );
}
