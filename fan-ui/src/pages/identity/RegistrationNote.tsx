import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NS } from '../../i18n';
import type { Registration } from '../../../../api-types';

const SEVERITY = { registered: 'success', pending: 'info', none: 'warning' } as const;

/**
 * Whether the ticketing system knows the fan as a person: registered, being registered (after
 * each save), or not yet (nothing saved: named tickets and the supporter card wait for it).
 */
export function RegistrationNote({ registration }: { registration: Registration }) {
  const { t } = useTranslation(IDENTITY_NS);
  return (
    <Alert severity={SEVERITY[registration]} role="status" data-testid="identity-registration" data-registration={registration}>
      {t(`registration.${registration}`)}
    </Alert>
  );
}
