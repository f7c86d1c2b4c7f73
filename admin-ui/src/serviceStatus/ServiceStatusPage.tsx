import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ListContextProvider, ResourceContextProvider, Title, useList, useLocaleState, useTranslate } from 'react-admin';
import { useServiceStatus } from '../api/serviceStatus';
import type { QueueCounts, ServiceStatusReport } from '../../../api-types';
import { OkChip } from '../fields/OkChip';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { JobQueueTable } from '../jobQueues/JobQueueTable';
import { AutoRefreshSwitch } from '../layout/AutoRefreshSwitch';
import { useAutoRefresh } from '../layout/useAutoRefresh';
import { SERVICE_REFRESH_MS } from '../serviceCalls/types';
import { ServiceCard } from './ServiceCard';

const PAGE = 'pages.service_status';
const STORE_KEY = 'service-status';

/** Four cards side by side on a 1366 px desktop beside the menu, fewer per row when narrower. */
const cardGrid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' } as const;

/**
 * The service status, at /admin/service-status: the ticketing system, the payment provider, the
 * mail server and the database, each checked now (up or down, and why), with its calls of the
 * last hour; below, the job queues. Read again every 10 s (a switch turns it off) and on demand.
 */
export function ServiceStatusPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [autoRefresh] = useAutoRefresh(STORE_KEY, true);
  const { data, isPending, isError, isFetching, refetch } = useServiceStatus(autoRefresh ? SERVICE_REFRESH_MS : false);
  const down = data?.services.filter((service) => !service.ok).length ?? 0;

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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {data !== undefined && (
          <OkChip
            ok={down === 0}
            label={down === 0 ? translate(`${PAGE}.all_up`) : translate(`${PAGE}.some_down`, { smart_count: down })}
          />
        )}
        {data !== undefined && (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {translate(`${PAGE}.checked_at`, { time: formatRomeDateTime(data.checked_at, locale) })}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <AutoRefreshSwitch storeKey={STORE_KEY} defaultOn intervalMs={SERVICE_REFRESH_MS} />
        <Button
          variant="contained"
          startIcon={<RefreshIcon />}
          disabled={isFetching}
          onClick={() => {
            void refetch();
          }}
        >
          {translate(isFetching && !isPending ? `${PAGE}.checking` : `${PAGE}.check_again`)}
        </Button>
      </Box>
      {isError && (
        <Alert severity={data === undefined ? 'error' : 'warning'}>
          {data === undefined
            ? translate(`${PAGE}.unreachable`)
            : translate(`${PAGE}.stale`, { time: formatRomeDateTime(data.checked_at, locale) })}
        </Alert>
      )}
      {isPending ? (
        <Box sx={cardGrid} aria-busy="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} variant="rounded" height={220} />
          ))}
        </Box>
      ) : data === undefined ? null : (
        <>
          <Box sx={cardGrid}>
            {data.services.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </Box>
          <Queues report={data} />
        </>
      )}
    </Box>
  );
}

/** The job queues as the status answer counts them, in the Queues page's table. */
function Queues({ report }: { report: ServiceStatusReport }) {
  const translate = useTranslate();
  const list = useList<QueueCounts>({
    data: report.queues,
    resource: 'job-queues',
    sort: { field: 'id', order: 'ASC' },
    perPage: 1000,
  });
  return (
    <Box component="section" aria-labelledby="service-status-queues" sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="service-status-queues" sx={{ mb: 1 }}>
        {translate(`${PAGE}.queues`)}
      </Typography>
      <Card>
        <ResourceContextProvider value="job-queues">
          <ListContextProvider value={list}>
            <JobQueueTable
              empty={
                <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
                  {translate(`${PAGE}.no_queues`)}
                </Typography>
              }
            />
          </ListContextProvider>
        </ResourceContextProvider>
      </Card>
    </Box>
  );
}
