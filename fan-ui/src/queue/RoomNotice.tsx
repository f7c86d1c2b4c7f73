import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUEUE_NS } from '../i18n';
import { useUiLanguage } from '../i18n/useUiLanguage';
import { roomAdmission } from './admission';
import { roomQuery, type OnSaleType } from './room';
import { roomGuards } from './useRoomEntry';
import { atWords, formatClock } from './words';

/**
 * On an on-sale's page, a word about its waiting room: when a scheduled room opens its line
 * (`room-scheduled`); while it guards the on-sale, until when the fan's turn lets them hold seats
 * (`room-admitted`). Nothing otherwise, nor before its texts are in.
 */
export function RoomNotice({ type, id }: { type: OnSaleType; id: number }) {
  const { t, ready } = useTranslation(QUEUE_NS, { useSuspense: false });
  const language = useUiLanguage();
  const room = useQuery(roomQuery(type, id)).data?.room ?? null;
  if (!ready || room === null) {
    return null;
  }
  if (room.state === 'scheduled') {
    return (
      <Alert severity="info" role="status" icon={<HourglassEmptyIcon fontSize="inherit" />} data-testid="room-scheduled">
        {t('notice.scheduled', { at: atWords(t, room.prequeue_opens_at, language) })}
      </Alert>
    );
  }
  const admission = roomGuards(room) ? roomAdmission(room.id) : null;
  if (admission === null) {
    return null;
  }
  return (
    <Alert severity="success" role="status" data-testid="room-admitted">
      {t('notice.admitted', { time: formatClock(new Date(admission.expiresAt).toISOString(), language) })}
    </Alert>
  );
}
