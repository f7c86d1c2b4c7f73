import { Edit, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { hasFieldErrors, roomFailureKey, roomSettings, type RoomFormValues } from './roomRequest';
import { roomPath, type WaitingRoomView } from './types';
import { WaitingRoomForm } from './WaitingRoomForm';

/** The page's title: "Sala d'attesa · Como - Lazio". */
export function WaitingRoomTitle() {
  const room = useRecordContext<WaitingRoomView>();
  const translate = useTranslate();
  return <>{room === undefined ? '' : translate('resources.waiting-rooms.show_title', { title: room.target_title })}</>;
}

/**
 * A room's settings changed, at /admin/waiting-rooms/{id} (`PUT`, the settings without the
 * target); then back to its page. Its times are fixed once it has opened (409 `room_opened`), and
 * a closed room does not change (409 `room_closed`).
 */
export function WaitingRoomEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<WaitingRoomView>
      title={<WaitingRoomTitle />}
      mutationMode="pessimistic"
      redirect={false}
      transform={(values: RoomFormValues) => roomSettings(values)}
      mutationOptions={{
        onSuccess: (room: WaitingRoomView) => {
          notify('resources.waiting-rooms.notifications.saved', { type: 'success' });
          redirect(() => roomPath(room.id));
        },
        onError: (error: unknown) => {
          if (!hasFieldErrors(error)) {
            notify(roomFailureKey(error, 'ra.notification.http_error'), { type: 'error' });
          }
        },
      }}
    >
      <WaitingRoomForm />
    </Edit>
  );
}
