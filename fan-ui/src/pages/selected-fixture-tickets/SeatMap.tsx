import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CELL, MAX_ZOOM, MIN_ZOOM, ROW_LABEL, fitZoom, neighbour, type Direction, type SeatRow } from '../../fixtures/seatGrid';
import type { DisplayedSeatState, Seat } from '../../fixtures/types';
import { SeatGlyph } from './SeatGlyph';

/** Room for the pitch side on top. */
const TOP = 30;
/** Each zoom step. */
const ZOOM_STEP = 1.25;

const KEY_DIRECTION: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

interface SeatMapProps {
  blockCode: string;
  rows: SeatRow[];
  stateOf: (seat: Seat) => DisplayedSeatState;
  /** Whether seats can be picked at all (the fixture is on sale). */
  interactive: boolean;
  onToggle: (seat: Seat) => void;
}

/**
 * A block's seats, row 1 nearest the pitch. Each seat is a button named "Fila 3, posto 12,
 * libero"; one seat at a time is in the tab order and the arrow keys move between seats. The
 * map scrolls inside its frame and zooms with its own buttons (and the phone's pinch).
 */
export function SeatMap({ blockCode, rows, stateOf, interactive, onToggle }: SeatMapProps) {
  const { t } = useTranslation();
  const [focusId, setFocusId] = useState<number | null>(null);
  const seatElements = useRef(new Map<number, SVGGElement>());
  const frame = useRef<HTMLDivElement>(null);

  const columns = Math.max(1, ...rows.flatMap((row) => row.seats.map((seat) => seat.number)));
  const width = columns * CELL;
  const height = TOP + rows.length * CELL + 6;
  // Opens fitted to the frame's width: the whole block in view, then the fan zooms in.
  const [fit, setFit] = useState(1);
  const [scale, setScale] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => setFit(fitZoom(frame.current?.clientWidth ?? 0, columns));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [columns]);
  const zoom = scale ?? fit;
  const zoomTo = (next: number) => setScale(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, next)));
  // The seat in the tab order: the one last focused, else the first free one, else the first.
  const allSeats = rows.flatMap((row) => row.seats);
  const tabSeatId =
    (focusId !== null && allSeats.some((seat) => seat.id === focusId) ? focusId : null) ??
    allSeats.find((seat) => stateOf(seat) === 'free')?.id ??
    allSeats[0]?.id;

  const onKeyDown = (event: KeyboardEvent<SVGGElement>, seat: Seat) => {
    const direction = KEY_DIRECTION[event.key];
    if (direction !== undefined) {
      event.preventDefault();
      const next = neighbour(rows, seat.id, direction);
      setFocusId(next);
      seatElements.current.get(next)?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onToggle(seat);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
          {t('tickets.keyboardHint')}
        </Typography>
        <IconButton aria-label={t('tickets.zoomOut')} onClick={() => zoomTo(zoom / ZOOM_STEP)} disabled={zoom <= MIN_ZOOM}>
          <ZoomOutIcon />
        </IconButton>
        <IconButton aria-label={t('tickets.zoomFit')} onClick={() => setScale(null)} disabled={scale === null}>
          <FitScreenIcon />
        </IconButton>
        <IconButton aria-label={t('tickets.zoomIn')} onClick={() => zoomTo(zoom * ZOOM_STEP)} disabled={zoom >= MAX_ZOOM}>
          <ZoomInIcon />
        </IconButton>
      </Box>
      <Box
        ref={frame}
        data-testid="seat-map-frame"
        sx={{
          overflow: 'auto',
          maxHeight: '65vh',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          touchAction: 'pan-x pan-y pinch-zoom',
          WebkitOverflowScrolling: 'touch',
        }}
      >
        <Box sx={{ display: 'flex', width: 'max-content', minWidth: '100%', justifyContent: 'center' }}>
        <RowNames rows={rows} zoom={zoom} height={height} />
        <Box
          component="svg"
          viewBox={`0 0 ${width} ${height}`}
          width={width * zoom}
          height={height * zoom}
          data-zoom={zoom}
          data-testid="seat-map"
          role="group"
          aria-label={t('tickets.seatMap', { block: blockCode })}
          sx={{
            display: 'block',
            flexShrink: 0,
            userSelect: 'none',
            // The focus ring is drawn around the seat: an outline around an SVG group looks lost.
            '& .seat': { outline: 'none' },
            '& .seat:focus-visible .seat-focus': { opacity: 1 },
            '& .seat[aria-disabled="false"]:hover .seat-circle': { strokeWidth: 3.5 },
          }}
        >
          <PitchSide width={width} />
          {rows.map((row, rowIndex) => {
            const y = TOP + rowIndex * CELL + CELL / 2;
            return (
              <g key={row.row}>
                {row.seats.map((seat) => (
                  <SeatButton
                    key={seat.id}
                    seat={seat}
                    state={stateOf(seat)}
                    x={(seat.number - 1) * CELL + CELL / 2}
                    y={y}
                    interactive={interactive}
                    tabbable={seat.id === tabSeatId}
                    register={(element) => {
                      if (element === null) {
                        seatElements.current.delete(seat.id);
                      } else {
                        seatElements.current.set(seat.id, element);
                      }
                    }}
                    onFocus={() => setFocusId(seat.id)}
                    onToggle={() => onToggle(seat)}
                    onKeyDown={(event) => onKeyDown(event, seat)}
                  />
                ))}
              </g>
            );
          })}
        </Box>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The rows' names, a column of their own that stays at the left edge while the map scrolls
 * sideways (a phone shows a third of a wide block at a time), drawn at the map's zoom.
 */
function RowNames({ rows, zoom, height }: { rows: SeatRow[]; zoom: number; height: number }) {
  return (
    <Box
      component="svg"
      aria-hidden="true"
      data-testid="row-names"
      viewBox={`0 0 ${ROW_LABEL} ${height}`}
      width={ROW_LABEL * zoom}
      height={height * zoom}
      sx={{ position: 'sticky', left: 0, zIndex: 1, flexShrink: 0, bgcolor: 'background.paper', display: 'block' }}
    >
      {rows.map((row, rowIndex) => (
        <RowName key={row.row} name={row.row} x={ROW_LABEL / 2} y={TOP + rowIndex * CELL + CELL / 2} />
      ))}
    </Box>
  );
}

function PitchSide({ width }: { width: number }) {
  const { t } = useTranslation();
  return (
    <g aria-hidden="true">
      <rect x={0} y={4} width={width} height={16} rx={4} fill="#3f8f4f" />
      <text x={width / 2} y={16} textAnchor="middle" fontSize={11} fontWeight={600} fill="#ffffff">
        {t('fixture.pitch')}
      </text>
    </g>
  );
}

function RowName({ name, x, y }: { name: string; x: number; y: number }) {
  return (
    <text x={x} y={y + 4} textAnchor="middle" fontSize={12} fontWeight={700} fill="#4a5870">
      {name}
    </text>
  );
}

interface SeatButtonProps {
  seat: Seat;
  state: DisplayedSeatState;
  x: number;
  y: number;
  interactive: boolean;
  tabbable: boolean;
  register: (element: SVGGElement | null) => void;
  onFocus: () => void;
  onToggle: () => void;
  onKeyDown: (event: KeyboardEvent<SVGGElement>) => void;
}

function SeatButton({ seat, state, x, y, interactive, tabbable, register, onFocus, onToggle, onKeyDown }: SeatButtonProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const pickable = interactive && (state === 'free' || state === 'selected');
  const label = t('tickets.seatLabel', { row: seat.row, number: seat.number, state: t(`tickets.state.${state}`) });
  return (
    <g
      ref={register}
      role="button"
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-pressed={state === 'selected'}
      aria-disabled={!pickable}
      data-testid={`seat-${seat.id}`}
      data-state={state}
      onClick={pickable ? onToggle : undefined}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      className="seat"
      style={{ cursor: pickable ? 'pointer' : 'default' }}
    >
      <title>{label}</title>
      <rect
        className="seat-focus"
        x={x - CELL / 2 + 1}
        y={y - CELL / 2 + 1}
        width={CELL - 2}
        height={CELL - 2}
        rx={6}
        fill="none"
        stroke={theme.palette.primary.main}
        strokeWidth={2.5}
        opacity={0}
      />
      <SeatGlyph state={state} cx={x} cy={y} number={seat.number} />
    </g>
  );
}
