import CompareArrowsOutlinedIcon from '@mui/icons-material/CompareArrowsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useTranslate, type Identifier } from 'react-admin';
import { FixturePicker } from '../fixtures/FixturePicker';
import { MismatchReportList } from './MismatchReportList';
import { useRunMismatchReport } from './useRunMismatchReport';

const PAGE = 'pages.tickets_mismatch';

/**
 * The tickets mismatch report, at /admin/reports/tickets_mismatch_report: staff choose a fixture
 * and run the comparison of its titles with the ticketing system's, which a job makes; its page
 * opens and lists the divergences once found. The latest reports are listed underneath.
 */
export function MismatchReportPage() {
  const translate = useTranslate();
  const [fixtureId, setFixtureId] = useState<Identifier | ''>('');
  const running = useRunMismatchReport();
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={`${PAGE}.title`} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate(`${PAGE}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          {translate(`${PAGE}.subtitle`)}
        </Typography>
      </Box>
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <FixturePicker
            label={translate(`${PAGE}.fixture`)}
            value={fixtureId}
            onChange={setFixtureId}
            emptyText={translate(`${PAGE}.no_fixture`)}
            sx={{ width: 420, maxWidth: '100%' }}
          />
          <Button
            variant="contained"
            startIcon={<CompareArrowsOutlinedIcon />}
            disabled={fixtureId === '' || running.isPending}
            onClick={() => {
              if (fixtureId !== '') {
                running.mutate(fixtureId);
              }
            }}
          >
            {translate('resources.mismatch-reports.action.run')}
          </Button>
          {fixtureId === '' && (
            <Typography variant="body2" color="text.secondary">
              {translate(`${PAGE}.choose_fixture_first`)}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${PAGE}.reports`)}
        </Typography>
        <MismatchReportList />
      </Box>
    </Box>
  );
}
