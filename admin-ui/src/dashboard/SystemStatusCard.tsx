import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Button, LinkBase, useBasename, useTranslate } from 'react-admin';
import { useHealth, type Health } from '../api/health';
import { PAGE_PATHS } from '../layout/paths';
import { HealthChip } from './HealthChip';

/**
 * Database, migrations and job queue, from `GET /api/health`, refreshed while open; the service
 * status page checks the outside systems too.
 */
export function SystemStatusCard() {
  const translate = useTranslate();
  const basename = useBasename();
  const { data, isPending, isError } = useHealth();

  return (
    <Card component="section" aria-labelledby="system-status-title" sx={{ height: '100%' }}>
      <CardHeader
        title={translate('pages.dashboard.status.title')}
        slotProps={{ title: { id: 'system-status-title', component: 'h2', variant: 'h6' } }}
        action={data ? <OverallChip status={data.status} /> : null}
      />
      <Divider />
      <CardContent>
        {isPending ? (
          <Box aria-busy="true">
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Box>
        ) : isError || data === undefined ? (
          <Alert severity="error">{translate('pages.dashboard.status.unreachable')}</Alert>
        ) : (
          <HealthRows health={data} />
        )}
        <Button
          component={LinkBase}
          to={`${basename}${PAGE_PATHS.serviceStatus}`}
          label="pages.dashboard.status.open_services"
          variant="outlined"
          size="medium"
          sx={{ mt: 2 }}
        >
          <MonitorHeartOutlinedIcon />
        </Button>
      </CardContent>
    </Card>
  );
}

function OverallChip({ status }: { status: Health['status'] }) {
  const translate = useTranslate();
  const ok = status === 'ok';
  return (
    <Chip
      color={ok ? 'success' : 'error'}
      variant="outlined"
      label={translate(ok ? 'pages.dashboard.status.all_ok' : 'pages.dashboard.status.degraded')}
      sx={{ fontWeight: 600, mt: 0.5 }}
    />
  );
}

function HealthRows({ health }: { health: Health }) {
  const translate = useTranslate();
  const { jobs, migrations } = health;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: 2 }}>
      <HealthRow testId="health-database" label={translate('pages.dashboard.status.database')} ok={health.database.ok} />
      <HealthRow
        testId="health-migrations"
        label={translate('pages.dashboard.status.migrations')}
        ok={migrations.ok}
        detail={translate('pages.dashboard.status.migrations_detail', {
          applied: migrations.applied,
          pending: migrations.pending,
        })}
      />
      <HealthRow
        testId="health-jobs"
        label={translate('pages.dashboard.status.jobs')}
        ok={jobs.ok}
        detail={
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
            <QueueCount label={translate('pages.dashboard.status.jobs_pending')} count={jobs.pending} />
            <QueueCount label={translate('pages.dashboard.status.jobs_running')} count={jobs.running} />
            <QueueCount label={translate('pages.dashboard.status.jobs_failed')} count={jobs.failed} alarming />
            <QueueCount label={translate('pages.dashboard.status.jobs_dead')} count={jobs.dead} alarming />
          </Box>
        }
      />
    </Box>
  );
}

interface HealthRowProps {
  testId: string;
  label: string;
  ok: boolean;
  detail?: ReactNode;
}

function HealthRow({ testId, label, ok, detail }: HealthRowProps) {
  return (
    <Box data-testid={testId} sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="dt" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
          {label}
        </Typography>
        {detail !== undefined && (
          <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
            {detail}
          </Typography>
        )}
      </Box>
      <Box component={detail === undefined ? 'dd' : 'div'} sx={{ m: 0, flexShrink: 0 }}>
        <HealthChip ok={ok} />
      </Box>
    </Box>
  );
}

/** A queue counter; failed and dead jobs turn red as soon as there is one. */
function QueueCount({ label, count, alarming = false }: { label: string; count: number; alarming?: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={alarming && count > 0 ? 'error' : 'default'}
      label={`${label}: ${count}`}
    />
  );
}
