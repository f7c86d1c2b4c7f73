import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import SportsSoccerOutlinedIcon from '@mui/icons-material/SportsSoccerOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { LinkBase, useBasename, useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatCount } from '../fields/numbers';
import { roomTargetOf, targetPath, type RoomCounts, type WaitingRoomView } from './types';

/** The match or season ticket a room is for, by name, linking to its page (a row's click stays there). */
export function RoomTargetField(props: FieldProps<WaitingRoomView>) {
  const room = useRecordContext<WaitingRoomView>(props);
  const basename = useBasename();
  if (room === undefined) {
    return null;
  }
  const target = roomTargetOf(room);
  const Icon = target !== undefined && 'season_ticket_id' in target ? CardMembershipOutlinedIcon : SportsSoccerOutlinedIcon;
  const name = room.target_title.trim() === '' ? `#${room.fixture_id ?? room.season_ticket_id ?? ''}` : room.target_title;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Icon fontSize="small" color="action" />
      {target === undefined ? (
        <span>{name}</span>
      ) : (
        <LinkBase
          to={`${basename}${targetPath(target)}`}
          onClick={(event: MouseEvent) => event.stopPropagation()}
          data-testid="waiting-room-target"
        >
          {name}
        </LinkBase>
      )}
    </Box>
  );
}

/** The admissions a minute set, as "300/min". */
export function RateField(props: FieldProps<WaitingRoomView>) {
  const room = useRecordContext<WaitingRoomView>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (room === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="waiting-room-rate">
      {translate('resources.waiting-rooms.per_minute', { rate: formatCount(room.admit_per_minute, locale) })}
    </Typography>
  );
}

interface CountFieldProps extends FieldProps<WaitingRoomView> {
  name: keyof RoomCounts;
}

/** One of a room's live counts, marked for the tests and a browser journey (`waiting-room-waiting`...). */
export function CountField({ name, ...props }: CountFieldProps) {
  const room = useRecordContext<WaitingRoomView>(props);
  const [locale] = useLocaleState();
  if (room === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`waiting-room-${name}`}>
      {formatCount(room.counts[name], locale)}
    </Typography>
  );
}
