import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  memo,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CELL, MAX_ZOOM, MIN_ZOOM, ROW_LABEL, fitZoom, neighbour, type Direction, type SeatRow } from '../../fixtures/seatGrid';
import type { DisplayedSeatState } from '../../fixtures/types';
import { seatGlyph } from './SeatGlyph';
import type { LegendState } from './seatLook';
import type { SeatView } from '../../../../api-types';

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

/** A match's seats on resale: how each is named ("in rivendita a 45,00 €"), and opening one. */
export interface ResaleSeats {
  state: (seat: SeatView) => string;
  open: (seat: SeatView) => void;
}

interface SeatMapProps {
  blockCode: string;
  rows: SeatRow[];
  stateOf: (seat: SeatView) => DisplayedSeatState;
  /** Whether seats can be picked at all (the fixture is on sale). */
  interactive: boolean;
  onToggle: (seat: SeatView) => void;
  /** Seats on resale open their offer, whether or not the others may be picked (a match's map only). */
  resale?: ResaleSeats;
}

/**
 * A block's seats, row 1 nearest the pitch. Each seat is a button named "Fila 3, posto 12,
 * libero"; one seat at a time is in the tab order and the arrow keys move between seats. The
 * map scrolls inside its frame and zooms with its own buttons (and the phone's pinch).
 */
export function SeatMap({ blockCode, rows, stateOf, interactive, onToggle, resale }: SeatMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [focusId, setFocusId] = useState<number | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const map = useRef<SVGSVGElement>(null);

  const columns = Math.max(1, ...rows.flatMap((row) => row.seats.map((seat) => seat.number)));
  const width = columns * CELL;
  const height = TOP + rows.length * CELL + 6;
  // A block has up to ~750 seats: the first paint shows the frame at its final size, and the
  // seats are drawn right after in a transition that yields to the browser every few
  // milliseconds, instead of one long task that freezes a phone for most of a second.
  const shownRows = useDeferredValue(rows, NO_ROWS);
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
  const seatsById = useMemo(() => new Map(rows.flatMap((row) => row.seats.map((seat) => [seat.id, seat]))), [rows]);
  // The seat in the tab order: the one last focused, else the first free one, else the first.
  const allSeats = rows.flatMap((row) => row.seats);
  const tabSeatId =
    (focusId !== null && seatsById.has(focusId) ? focusId : null) ??
    allSeats.find((seat) => stateOf(seat) === 'free')?.id ??
    allSeats[0]?.id;
  // Every seat's name is "Fila 3, posto 12, libero": the sentence and each state's words are
  // translated once, not ~600 times on each drawing of the map.
  const seatLabel = useMemo(() => seatLabeller(t), [t]);
  const label = (seat: SeatView, state: DisplayedSeatState) => seatLabel(seat, state, state === 'resale' ? resale?.state(seat) : undefined);
  const pickable = (state: DisplayedSeatState) =>
    state === 'resale' ? resale !== undefined : interactive && (state === 'free' || state === 'selected');
  /** A seat picked (or let go), or a seat on resale opened. */
  const choose = (seat: SeatView) => {
    const state = stateOf(seat);
    if (state === 'resale') {
      resale?.open(seat);
    } else if (pickable(state)) {
      onToggle(seat);
    }
  };

  // One listener per kind on the map, not three per seat: the seat is the element it came from.
  const seatOf = (target: EventTarget): SeatView | undefined => {
    const element = target instanceof Element ? target.closest('[data-seat-id]') : null;
    return element === null ? undefined : seatsById.get(Number(element.getAttribute('data-seat-id')));
  };
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const seat = seatOf(event.target);
    if (seat !== undefined) {
      choose(seat);
    }
  };
  const onFocus = (event: FocusEvent<SVGSVGElement>) => {
    const seat = seatOf(event.target);
    if (seat !== undefined) {
      setFocusId(seat.id);
    }
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const seat = seatOf(event.target);
    if (seat === undefined) {
      return;
    }
    const direction = KEY_DIRECTION[event.key];
    if (direction !== undefined) {
      event.preventDefault();
      const next = neighbour(rows, seat.id, direction);
      setFocusId(next);
      map.current?.querySelector<SVGGElement>(`[data-seat-id="${next}"]`)?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(seat);
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
          ref={map}
          viewBox={`0 0 ${width} ${height}`}
          width={width * zoom}
          height={height * zoom}
          data-zoom={zoom}
          data-testid="seat-map"
          role="group"
          aria-label={t('tickets.seatMap', { block: blockCode })}
          aria-busy={shownRows !== rows}
          onClick={onClick}
          onFocus={onFocus}
          onKeyDown={onKeyDown}
          sx={{
            display: 'block',
            flexShrink: 0,
            userSelect: 'none',
            // The focus ring is drawn around the seat: an outline around an SVG group looks lost.
            '& .seat': { outline: 'none', cursor: 'default' },
            '& .seat[aria-disabled="false"]': { cursor: 'pointer' },
            '& .seat:focus-visible .seat-focus': { opacity: 1 },
            '& .seat[aria-disabled="false"]:hover .seat-circle': { strokeWidth: 3.5 },
            '& .seat-focus': { stroke: theme.palette.primary.main },
            // What every seat shares is said once here rather than on ~600 elements.
            '& .seat-number': { textAnchor: 'middle', fontWeight: 700, pointerEvents: 'none' },
          }}
        >
          <PitchSide width={width} />
          {shownRows.map((row, rowIndex) => {
            const y = TOP + rowIndex * CELL + CELL / 2;
            return (
              <g key={row.row}>
                {row.seats.map((seat) => {
                  const state = stateOf(seat);
                  return (
                    <SeatButton
                      key={seat.id}
                      seat={seat}
                      state={state}
                      label={label(seat, state)}
                      x={(seat.number - 1) * CELL + CELL / 2}
                      y={y}
                      pickable={pickable(state)}
                      tabbable={seat.id === tabSeatId}
                    />
                  );
                })}
              </g>
            );
          })}
        </Box>
        </Box>
      </Box>
    </Box>
  );
}

const NO_ROWS: SeatRow[] = [];

const SEAT_STATES: LegendState[] = ['free', 'selected', 'held', 'mine', 'sold', 'locked'];

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
  seat: SeatView;
  state: DisplayedSeatState;
  label: string;
  x: number;
  y: number;
  pickable: boolean;
  tabbable: boolean;
}

/**
 * One seat: a button in the map's keyboard order, drawn again only when one of its props changes.
 * Only the seat in the tab order (the one focused, else the first free one) carries the focus
 * ring, shown while it has the keyboard's focus: one ring, not one per seat.
 */
const SeatButton = memo(function SeatButton({ seat, state, label, x, y, pickable, tabbable }: SeatButtonProps) {
  return (
    <g
      role="button"
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      // A seat on resale opens its offer: it is not picked.
      aria-pressed={state === 'resale' ? undefined : state === 'selected'}
      aria-disabled={!pickable}
      data-testid={`seat-${seat.id}`}
      data-seat-id={seat.id}
      data-state={state}
      className="seat"
    >
      {tabbable && (
        <rect
          className="seat-focus"
          x={x - CELL / 2 + 1}
          y={y - CELL / 2 + 1}
          width={CELL - 2}
          height={CELL - 2}
          rx={6}
          fill="none"
          strokeWidth={2.5}
          opacity={0}
        />
      )}
      {seatGlyph(state, x, y, seat.number)}
    </g>
  );
});

/**
 * "Fila 3, posto 12, libero" for any seat: the sentence is translated once with markers in place
 * of the row, the number and the state, which are then put in by hand for each seat. A seat on
 * resale's state comes in the resale texts (`stateWords`); without them it reads as sold.
 */
function seatLabeller(t: TFunction): (seat: SeatView, state: DisplayedSeatState, stateWords?: string) => string {
  const words = Object.fromEntries(SEAT_STATES.map((state) => [state, t(`tickets.state.${state}`)])) as Record<LegendState, string>;
  const sentence = t('tickets.seatLabel', { row: ROW_MARK, number: NUMBER_MARK, state: STATE_MARK });
  return (seat, state, stateWords) =>
    sentence
      .replace(ROW_MARK, seat.row)
      .replace(NUMBER_MARK, String(seat.number))
      .replace(STATE_MARK, stateWords ?? words[state === 'resale' ? 'sold' : state]);
}

const ROW_MARK = '\u0001row\u0001';
const NUMBER_MARK = '\u0001number\u0001';
const STATE_MARK = '\u0001state\u0001';
