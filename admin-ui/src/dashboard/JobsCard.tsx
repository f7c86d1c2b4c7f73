import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Button, LinkBase, useCreatePath, useTranslate } from 'react-admin';
import { useSystemLinks } from '../api/system';
import { NewTabButton } from '../layout/NewTabButton';

/**
 * Links to the jobs area (queues and jobs, retried or discarded there), to the live job board
 * and, in development, to the simulator's mailbox.
 */
export function JobsCard() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data, isPending, isError } = useSystemLinks();

  return (
    <Card component="section" aria-labelledby="jobs-title" sx={{ height: '100%' }}>
      <CardHeader
        title={translate('pages.dashboard.jobs.title')}
        slotProps={{ title: { id: 'jobs-title', component: 'h2', variant: 'h6' } }}
      />
      <Divider />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('pages.dashboard.jobs.description')}
        </Typography>
        <Button
          component={LinkBase}
          to={createPath({ resource: 'job-queues', type: 'list' })}
          label="pages.dashboard.jobs.open_jobs"
          variant="outlined"
          size="medium"
          sx={{ mb: 1.5 }}
        >
          <ListAltOutlinedIcon />
        </Button>
        {isPending ? (
          <Skeleton height={40} width={220} />
        ) : isError || data === undefined ? (
          <Alert severity="warning">{translate('pages.dashboard.jobs.unavailable')}</Alert>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1.5 }}>
            <NewTabButton href={data.job_board_url} icon={<ViewKanbanOutlinedIcon />}>
              {translate('pages.dashboard.jobs.open_board')}
            </NewTabButton>
            {data.sim_mailbox_url && (
              <Box>
                <NewTabButton href={data.sim_mailbox_url} icon={<MarkEmailReadOutlinedIcon />} variant="outlined">
                  {translate('pages.dashboard.jobs.open_mailbox')}
                </NewTabButton>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                  {translate('pages.dashboard.jobs.mailbox_hint')}
                </Typography>
              </Box>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
