import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, List, ResourceContextProvider, useTranslate } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { CountField, RateField, RoomTargetField } from './RoomFields';
import { RoomStateField } from './RoomStateChip';
import { isRoomLive, roomQueryKey, ROOMS_REFRESH_MS, type WaitingRoomView } from './types';

const ROOMS = 'resources.waiting-rooms';

function NoRoomYet() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${ROOMS}.empty`)}
    </Typography>
  );
}

/**
 * The waiting rooms, the latest opening first (the API's one order, so no column sorts): the
 * on-sale each is for (a link to its match or season ticket), where it stands, when it opens in
 * Italian time, its rate, and how many wait and shop now. While one on the page is not closed the
 * list reads itself again every few seconds.
 */
export function WaitingRoomList() {
  const queryClient = useQueryClient();
  return (
    <ResourceContextProvider value="waiting-rooms">
      <List<WaitingRoomView>
        title={false}
        sort={{ field: 'opens_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={false}
        empty={<NoRoomYet />}
        queryOptions={{
          refetchInterval: (query) => (query.state.data?.data.some(isRoomLive) ? ROOMS_REFRESH_MS : false),
          // react-admin fills a row's page cache only the first time it sees the row: keep it in
          // step with the polls, or a room's page first shows the counts of its first read.
          onSuccess: ({ data }) => {
            for (const room of data) {
              queryClient.setQueryData(roomQueryKey(room.id), room);
            }
          },
        }}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <DataTable<WaitingRoomView> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="target_title" disableSort field={RoomTargetField} />
          <DataTable.Col source="state" disableSort field={RoomStateField} />
          <DataTable.Col source="opens_at" disableSort field={RomeDateTimeField} />
          <DataTable.Col source="admit_per_minute" align="right" disableSort field={RateField} />
          <DataTable.Col<WaitingRoomView>
            source="counts.waiting"
            align="right"
            disableSort
            render={() => <CountField source="counts.waiting" name="waiting" />}
          />
          <DataTable.Col<WaitingRoomView>
            source="counts.shopping"
            align="right"
            disableSort
            render={() => <CountField source="counts.shopping" name="shopping" />}
          />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
