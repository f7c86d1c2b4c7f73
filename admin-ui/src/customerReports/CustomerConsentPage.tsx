import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { ExportButton } from '../exports/ExportButton';
import { ExportList } from '../exports/ExportList';

const PAGE = 'pages.customer_consent';

/** The sheet's columns, in its order, as the contract lists them. */
const COLUMNS = ['identity', 'language', 'dates', 'consents'] as const;

/**
 * The customers' consents, at /admin/customer_reports/consent: what the Excel sheet holds and
 * how it is handled, the button that asks for it, and the latest consent exports, where the
 * progress bar turns into the download button.
 */
export function CustomerConsentPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={`${PAGE}.title`} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate(`${PAGE}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${PAGE}.subtitle`)}
        </Typography>
      </Box>
      <Card component="section" aria-labelledby="consent-contents-title">
        <CardContent sx={{ display: 'grid', gap: 1.5, maxWidth: 860 }}>
          <Typography variant="h6" component="h2" id="consent-contents-title">
            {translate(`${PAGE}.contents_title`)}
          </Typography>
          <Box>
            <Typography variant="body2">{translate(`${PAGE}.contents_intro`)}</Typography>
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
              {COLUMNS.map((column) => (
                <Typography component="li" variant="body2" key={column}>
                  {translate(`${PAGE}.columns.${column}`)}
                </Typography>
              ))}
            </Box>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {translate(`${PAGE}.how`)}
          </Typography>
          <Alert severity="info">{translate(`${PAGE}.privacy`)}</Alert>
          <Box>
            <ExportButton kind="customer_consent" variant="contained" />
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${PAGE}.latest`)}
        </Typography>
        <ExportList kind="customer_consent" />
      </Box>
    </Box>
  );
}
