import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { postJson } from '../api/http';
import { ADMIN_API_URL } from '../dataProvider';
import { roomFailureKey } from './roomRequest';
import { isRoomLive, roomQueryKey, type WaitingRoomView } from './types';

const ROOMS = 'resources.waiting-rooms';

type RoomAction = 'pause' | 'resume' | 'close';

const DONE: Record<RoomAction, string> = {
  pause: `${ROOMS}.notifications.paused`,
  resume: `${ROOMS}.notifications.resumed`,
  close: `${ROOMS}.notifications.closed`,
};

/**
 * `POST /api/admin/waiting-rooms/{id}/{action}` (an empty JSON body): the room's page shows the
 * answer at once; a refusal (409 `room_closed`: someone closed it first) is said in our words and
 * the page read again.
 */
function useRoomAction(room: WaitingRoomView | undefined, action: RoomAction) {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postJson<WaitingRoomView>(`${ADMIN_API_URL}/waiting-rooms/${encodeURIComponent(room?.id ?? '')}/${action}`, {}),
    onSuccess: (answer: WaitingRoomView) => {
      queryClient.setQueryData(roomQueryKey(answer.id), answer);
      void queryClient.invalidateQueries({ queryKey: ['waiting-rooms', 'getList'] });
      notify(DONE[action], { type: 'success' });
    },
    onError: (error) => {
      notify(roomFailureKey(error), { type: 'error' });
      refresh();
    },
  });
}

/** "Metti in pausa" while admissions run, "Riprendi" while paused; nothing once closed. */
export function PauseResumeButton() {
  const room = useRecordContext<WaitingRoomView>();
  const action: RoomAction = room?.paused === true ? 'resume' : 'pause';
  const mutation = useRoomAction(room, action);
  if (room === undefined || !isRoomLive(room)) {
    return null;
  }
  return (
    <Button
      label={`${ROOMS}.action.${action}`}
      onClick={() => mutation.mutate()}
      disabled={mutation.isPending}
      data-testid={`waiting-room-${action}`}
    >
      {action === 'pause' ? <PauseCircleOutlinedIcon /> : <PlayCircleOutlinedIcon />}
    </Button>
  );
}

/**
 * "Chiudi la sala", after a confirmation that says what closing means: nobody else admitted, and
 * holding the on-sale's seats needs no admission from then on. A closed room does not reopen.
 */
export function CloseRoomButton() {
  const room = useRecordContext<WaitingRoomView>();
  const [open, setOpen] = useState(false);
  const mutation = useRoomAction(room, 'close');
  if (room === undefined || !isRoomLive(room)) {
    return null;
  }
  return (
    <>
      <Button
        label={`${ROOMS}.action.close`}
        color="error"
        onClick={() => setOpen(true)}
        disabled={mutation.isPending}
        data-testid="waiting-room-close"
      >
        <BlockOutlinedIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`${ROOMS}.confirm.close_title`}
        content={`${ROOMS}.confirm.close_content`}
        translateOptions={{ title: room.target_title }}
        confirm={`${ROOMS}.confirm.close`}
        confirmColor="warning"
        onConfirm={() => mutation.mutate(undefined, { onSettled: () => setOpen(false) })}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}
