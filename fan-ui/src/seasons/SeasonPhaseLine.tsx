import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SEASON_ORDER_NS } from '../i18n';
import { phaseName, restrictsSale, useSeasonPhases } from './phases';

/**
 * "In corso: Rinnovo degli abbonamenti": the season's sale phase on now, on its card in the list
 * (its page has the countdown). Nothing when no phase is on, or until it is known.
 */
export function SeasonPhaseLine({ seasonId }: { seasonId: number }) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const current = useSeasonPhases(seasonId).data?.current ?? null;
  if (!ready || current === null) {
    return null;
  }
  return (
    <Typography
      variant="body2"
      data-testid="season-phase"
      data-phase={current.kind}
      sx={{ fontWeight: 600, color: restrictsSale(current) ? 'warning.dark' : 'success.dark' }}
    >
      {ts('phases.current', { phase: phaseName(ts, current) })}
    </Typography>
  );
}
