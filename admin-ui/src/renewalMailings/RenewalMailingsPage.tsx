import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { SHRINKABLE } from '../layout/grid';
import { RenewalMailingList } from './RenewalMailingList';

const PAGE = 'pages.renewal_mailings';

/**
 * The renewal code e-mails, at /admin/preemption/renewal_mailings: each mailing of a season's
 * holders with its live progress. A mailing starts from its season ticket's sale phases.
 */
export function RenewalMailingsPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, minWidth: 0 }}>
      <Title title={`${PAGE}.title`} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate(`${PAGE}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          {translate(`${PAGE}.subtitle`)}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <RenewalMailingList />
      </Box>
    </Box>
  );
}
