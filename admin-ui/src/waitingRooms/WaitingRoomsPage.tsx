import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Button, LinkBase, Title, useBasename, useTranslate } from 'react-admin';
import { SHRINKABLE } from '../layout/grid';
import { WaitingRoomList } from './WaitingRoomList';

const PAGE = 'pages.waiting_rooms';

/**
 * The waiting rooms, at /admin/queue (the spec's /admin/queue/{type}): each on-sale's room with
 * its live counts, and a new room one click away (a match's or a season ticket's page opens the
 * same form with the on-sale chosen).
 */
export function WaitingRoomsPage() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, minWidth: 0 }}>
      <Title title={`${PAGE}.title`} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h1">
            {translate(`${PAGE}.title`)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
            {translate(`${PAGE}.subtitle`)}
          </Typography>
        </Box>
        <Button component={LinkBase} to={`${basename}/waiting-rooms/create`} label="resources.waiting-rooms.action.create" variant="contained">
          <AddIcon />
        </Button>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <WaitingRoomList />
      </Box>
    </Box>
  );
}
