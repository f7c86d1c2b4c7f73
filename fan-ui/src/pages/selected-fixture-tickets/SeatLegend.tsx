import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DisplayedSeatState } from '../../fixtures/types';
import { seatGlyph } from './SeatGlyph';
import { SEAT_RADIUS, SEAT_STATES } from './seatLook';

/** What each seat colour and mark means; `resale`: the words for seats on resale, on a match's map. */
export function SeatLegend({ resale }: { resale?: string }) {
  const { t } = useTranslation();
  const size = SEAT_RADIUS * 2 + 4;
  const entries: [DisplayedSeatState, string][] = [
    ...SEAT_STATES.map((state): [DisplayedSeatState, string] => [state, t(`tickets.state.${state}`)]),
    ...(resale === undefined ? [] : [['resale', resale] as [DisplayedSeatState, string]]),
  ];
  return (
    <Box
      component="ul"
      aria-label={t('tickets.legend')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'center' }}
    >
      {entries.map(([state, words]) => (
        <Box component="li" key={state} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <svg width={size * 0.8} height={size * 0.8} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
            {seatGlyph(state, size / 2, size / 2)}
          </svg>
          <Typography variant="body2">{words}</Typography>
        </Box>
      ))}
    </Box>
  );
}
