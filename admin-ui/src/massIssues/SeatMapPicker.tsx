import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { BlockPicker } from '../seatMap/BlockPicker';
import { BlockSeats } from '../seatMap/BlockSeats';
import { normalLabel } from './mapPicks';
import { SHRINKABLE } from '../layout/grid';
import type { SeatView } from '../../../api-types';

const MAP = 'pages.mass_issue.map';

/** A mass issue takes free seats only: the others are drawn but cannot be picked. */
const isFree = (seat: SeatView) => seat.state === 'free';

interface SeatMapPickerProps {
  fixtureId: Identifier;
  /** The labels on the table's lines (normalised): their seats are drawn picked. */
  labels: ReadonlySet<string>;
  /** A seat clicked: picked when no line has its label, else dropped. */
  onToggle: (seat: SeatView) => void;
  /** What the last click did not do, already translated (a line kept for its holder). */
  notice: string | null;
}

/**
 * The manual mode's "pick on the map": behind a button, a block of the chosen fixture drawn
 * seat by seat, where each free seat clicked becomes a line of the table with its label.
 */
export function SeatMapPicker({ fixtureId, labels, onToggle, notice }: SeatMapPickerProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [blockId, setBlockId] = useState<Identifier | ''>('');
  const regionId = useId();
  const titleId = useId();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 1.5, minWidth: 0 }}>
      <Box>
        <Button
          variant="outlined"
          startIcon={<EventSeatOutlinedIcon />}
          aria-expanded={open}
          aria-controls={open ? regionId : undefined}
          onClick={() => setOpen((current) => !current)}
        >
          {translate(open ? `${MAP}.close` : `${MAP}.open`)}
        </Button>
      </Box>
      {open && (
        <Box
          component="section"
          id={regionId}
          aria-labelledby={titleId}
          sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 1.5, minWidth: 0, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Box>
            <Typography variant="subtitle1" component="h2" id={titleId} sx={{ fontWeight: 600 }}>
              {translate(`${MAP}.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`${MAP}.help`)}
            </Typography>
          </Box>
          <Box>
            <BlockPicker value={blockId} onChange={setBlockId} />
          </Box>
          {blockId !== '' && (
            <BlockSeats
              fixtureId={fixtureId}
              blockId={blockId}
              isPicked={(seat) => labels.has(normalLabel(seat.label))}
              canPick={isFree}
              onToggle={onToggle}
            />
          )}
          <Typography variant="body2" color="warning.dark" aria-live="polite" data-testid="map-notice">
            {notice}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
