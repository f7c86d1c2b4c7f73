import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { JobsCard } from './JobsCard';
import { SystemStatusCard } from './SystemStatusCard';

/** The admin home: is the system healthy, and where are the operator tools. */
export function Dashboard() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('pages.dashboard.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        {translate('pages.dashboard.title')}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {translate('pages.dashboard.subtitle')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          alignItems: 'stretch',
        }}
      >
        <SystemStatusCard />
        <JobsCard />
      </Box>
    </Box>
  );
}
