import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatKickOff } from '../fixtures/format';
import { useUiLanguage } from '../i18n/useUiLanguage';
import type { FixtureRef } from '../../../api-types';

interface TicketHeadingProps {
  /** The match: its competition, who plays, the kick-off (the stadium's clock). */
  fixture: Pick<FixtureRef, 'competition' | 'title' | 'starts_at'>;
  /** The seat, as the fan reads it ("Tribuna Centrale, blocco TC1, fila 1, posto 1"). */
  seat: string;
  /** Ids of the match's heading and of the seat, for the card's accessible name. */
  titleId: string;
  seatId?: string;
  /** Beside them, on the right: the ticket's state, where it came from. */
  aside?: ReactNode;
}

/** The top of a ticket's card: the match (its heading), when, and the seat; chips beside. */
export function TicketHeading({ fixture, seat, titleId, seatId, aside }: TicketHeadingProps) {
  const language = useUiLanguage();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {fixture.competition}
        </Typography>
        <Typography id={titleId} variant="h6" component="h2">
          {fixture.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={fixture.starts_at}>{formatKickOff(fixture.starts_at, language)}</time>
        </Typography>
        <Typography id={seatId} variant="subtitle1" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
          {seat}
        </Typography>
      </Box>
      {aside}
    </Box>
  );
}
