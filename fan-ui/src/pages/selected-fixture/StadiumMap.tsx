import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentsShort } from '../../fixtures/format';
import { availability } from '../../fixtures/saleState';
import { layOutStadium, PITCH, STADIUM_HEIGHT, STADIUM_WIDTH, type PlacedSector } from '../../fixtures/stadiumLayout';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { AVAILABILITY_COLOURS } from './availabilityColours';
import { sectorName } from '../../i18n/serverLabels';
import type { SectorView } from '../../../../api-types';

interface StadiumMapProps {
  sectors: SectorView[];
  selected: string | null;
  onSelect: (code: string) => void;
  /**
   * Sectors the fan may not buy in now (a match's pre-emption right opens others): drawn faded,
   * their name followed by `mark`. Still buttons: their blocks say why.
   */
  closed?: { codes: ReadonlySet<string>; mark: string };
}

/**
 * The stadium from above: the pitch, and around it each sector the API lists, coloured by how
 * many places are left, with its lowest price and free count. Each sector is a button.
 */
export function StadiumMap({ sectors, selected, onSelect, closed }: StadiumMapProps) {
  const { t } = useTranslation();
  const placed = layOutStadium(sectors);
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${STADIUM_WIDTH} ${STADIUM_HEIGHT}`}
      role="group"
      aria-label={t('fixture.stadiumMap')}
      sx={{ width: '100%', maxWidth: 720, height: 'auto', display: 'block', mx: 'auto', userSelect: 'none' }}
    >
      <Pitch />
      {placed.map((place) => (
        <SectorShape
          key={place.sector.code}
          place={place}
          selected={place.sector.code === selected}
          onSelect={() => onSelect(place.sector.code)}
          closedMark={closed?.codes.has(place.sector.code) === true ? closed.mark : null}
        />
      ))}
    </Box>
  );
}

function Pitch() {
  const { t } = useTranslation();
  const { x, y, width, height } = PITCH;
  const line = { stroke: 'rgba(255,255,255,0.75)', strokeWidth: 1.5, fill: 'none' };
  return (
    <g aria-hidden="true">
      <rect x={x} y={y} width={width} height={height} rx={4} fill="#3f8f4f" />
      <rect x={x + 6} y={y + 6} width={width - 12} height={height - 12} {...line} />
      <line x1={x + width / 2} y1={y + 6} x2={x + width / 2} y2={y + height - 6} {...line} />
      <circle cx={x + width / 2} cy={y + height / 2} r={18} {...line} />
      <text
        x={x + width / 2}
        y={y + height - 14}
        textAnchor="middle"
        fontSize={10}
        fill="rgba(255,255,255,0.9)"
        fontWeight={600}
      >
        {t('fixture.pitch')}
      </text>
    </g>
  );
}

interface SectorShapeProps {
  place: PlacedSector;
  selected: boolean;
  onSelect: () => void;
  /** Said after the sector's name when the fan may not buy in it now; null when they may. */
  closedMark: string | null;
}

function SectorShape({ place: { sector, rect }, selected, onSelect, closedMark }: SectorShapeProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const theme = useTheme();
  const colours = AVAILABILITY_COLOURS[availability(sector)];
  const price = formatCentsShort(sector.from_price_cents, language);
  const soldOut = sector.free <= 0;
  const name = sectorName(t, sector.code, sector.name);
  const availabilityLabel = soldOut
    ? t('fixture.sectorSoldOut', { name })
    : t('fixture.sectorLabel', { name, price, count: sector.free });
  const label = closedMark === null ? availabilityLabel : `${availabilityLabel}, ${closedMark}`;
  // As many lines as fit: code, then price, then free places.
  const lines = [
    sector.code,
    ...(rect.width >= 44 ? [price, soldOut ? t('fixture.soldOut') : t('fixture.free', { count: sector.free })] : []),
  ].slice(0, Math.max(1, Math.floor((rect.height - 8) / 13)));
  const centreX = rect.x + rect.width / 2;
  const firstY = rect.y + rect.height / 2 - ((lines.length - 1) * 13) / 2 + 4;

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect();
    }
  };

  return (
    <Box
      component="g"
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={selected}
      data-testid={`sector-${sector.code}`}
      data-closed={closedMark !== null}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      sx={{
        cursor: 'pointer',
        outline: 'none',
        opacity: closedMark === null ? 1 : 0.35,
        '&:hover rect, &:focus-visible rect': { strokeWidth: 3 },
        '&:focus-visible rect': { stroke: theme.palette.primary.main },
      }}
    >
      <title>{label}</title>
      <rect
        x={rect.x}
        y={rect.y}
        width={rect.width}
        height={rect.height}
        rx={6}
        fill={colours.fill}
        stroke={selected ? theme.palette.primary.main : colours.stroke}
        strokeWidth={selected ? 3.5 : 1.5}
        strokeDasharray={sector.away ? '5 3' : undefined}
      />
      {lines.map((text, index) => (
        <text
          key={index}
          x={centreX}
          y={firstY + index * 13}
          textAnchor="middle"
          fontSize={index === 0 ? 12 : 10}
          fontWeight={index === 0 ? 700 : 500}
          fill={colours.text}
          aria-hidden="true"
        >
          {text}
        </text>
      ))}
    </Box>
  );
}
