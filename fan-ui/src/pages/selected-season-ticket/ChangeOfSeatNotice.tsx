import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SEASON_ORDER_NS } from '../../i18n';

interface ChangeOfSeatNoticeProps {
  seasonId: number;
  sectorCode: string;
  /** Whether the phase opens the block's sector. */
  open: boolean;
  signedIn: boolean;
}

/**
 * Under a block's map during a change of seat: how to choose the new seat (the renewal form
 * follows), or, in a sector the phase does not open, that no seat here can be chosen and the way
 * back to the sectors. Nothing for a visitor in an open sector: the form's place asks them to
 * sign in.
 */
export function ChangeOfSeatNotice({ seasonId, sectorCode, open, signedIn }: ChangeOfSeatNoticeProps) {
  const { t } = useTranslation();
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  if (!ready) {
    return null;
  }
  if (!open) {
    return (
      <Alert
        severity="warning"
        data-testid="change-of-seat-closed"
        data-sector={sectorCode}
        action={
          <Button component={RouterLink} to={`/selectedseasonticket/${seasonId}`} color="inherit" size="small">
            {t('seasons.backToSectors')}
          </Button>
        }
      >
        {ts('changeOfSeat.notForSector')}
      </Alert>
    );
  }
  return signedIn ? (
    <Alert severity="info" data-testid="change-of-seat-hint">
      {ts('changeOfSeat.hint')}
    </Alert>
  ) : null;
}
