import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SEASON_ORDER_NS } from '../../i18n';
import type { PhaseKind } from '../../../../api-types';

/**
 * In place of the seats picked under a block's map while a pre-emption phase is on: only fans
 * with a right may buy now; in the renewal phase, the way back to the season's page and its
 * renewal form.
 */
export function RestrictedSaleNotice({ seasonId, kind }: { seasonId: number; kind: PhaseKind }) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  if (!ready) {
    return null;
  }
  return (
    <Alert
      severity="info"
      data-testid="phase-restricted"
      action={
        kind === 'renewal' ? (
          <Button component={RouterLink} to={`/selectedseasonticket/${seasonId}`} color="inherit" size="small">
            {ts('phases.renewHere')}
          </Button>
        ) : undefined
      }
    >
      {ts('phases.onlyRights')}
    </Alert>
  );
}
