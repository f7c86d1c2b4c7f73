import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { REFUND_NS } from '../../i18n';

/** The wallet's way to a refund for a cancelled or postponed match (its words a chunk of their own). */
export function RefundLink() {
  const { t } = useTranslation(REFUND_NS);
  return (
    <Link component={RouterLink} to="/rimborso-biglietti-tickets-refund" variant="body2" sx={{ justifySelf: 'start' }}>
      {t('links.wallet')}
    </Link>
  );
}
