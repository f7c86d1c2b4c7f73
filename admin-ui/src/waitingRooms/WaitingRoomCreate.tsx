import { Create, useNotify, useRedirect } from 'react-admin';
import { hasFieldErrors, newRoomRequest, roomFailureKey, type RoomFormValues } from './roomRequest';
import { roomPath, type WaitingRoomView } from './types';
import { WaitingRoomForm } from './WaitingRoomForm';

/**
 * A new waiting room, at /admin/waiting-rooms/create (a match's or a season ticket's page opens
 * it with `?source={"fixture_id":N}` or `{"season_ticket_id":N}`): `POST` with the one target and
 * the settings, then the room's page. An on-sale that has a room already (409 `room_exists`), or a
 * target that is gone, is said in our words; field refusals go under their inputs.
 */
export function WaitingRoomCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<WaitingRoomView>
      title="resources.waiting-rooms.create_title"
      transform={(values: RoomFormValues) => newRoomRequest(values)}
      mutationOptions={{
        onSuccess: (room: WaitingRoomView) => {
          notify('resources.waiting-rooms.notifications.created', { type: 'success' });
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
    </Create>
  );
}
