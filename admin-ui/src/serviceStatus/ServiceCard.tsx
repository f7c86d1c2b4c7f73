import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Button, Link, LinkBase, useBasename, useLocaleState, useTranslate } from 'react-admin';
import type { ServiceStatus } from '../../../api-types';
import { formatCount, formatMilliseconds } from '../fields/numbers';
import { OkChip } from '../fields/OkChip';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { isLoggedService, serviceLabel, serviceLogPath } from '../serviceCalls/types';

const PAGE = 'pages.service_status';

/** One fact of the card: its name, and its value beside it. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A service as just checked: whether it answered (icon and text, with why not when it did not),
 * how long the check took, and for the services whose calls are logged their last hour (calls,
 * errors leading to them in the log, average duration, the latest error and when).
 */
export function ServiceCard({ service }: { service: ServiceStatus }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const basename = useBasename();
  const name = serviceLabel(translate, service.id);
  const titleId = `service-${service.id}-title`;
  // Only the outside systems' calls are logged; the database is checked, not logged.
  const logged = isLoggedService(service.id) ? service.id : undefined;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-testid={`service-${service.id}`}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', borderColor: service.ok ? undefined : 'error.main', minWidth: 0 }}
    >
      <CardHeader
        title={name}
        // Under the name, so a long name ("Sistema di biglietteria") never pushes it out.
        subheader={<OkChip ok={service.ok} label={translate(service.ok ? `${PAGE}.up` : `${PAGE}.down`)} />}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' }, subheader: { component: 'div', sx: { mt: 0.5 } } }}
      />
      <Divider />
      <CardContent sx={{ display: 'grid', gap: 1.5, flexGrow: 1, alignContent: 'start' }}>
        {!service.ok && (
          <Alert severity="error" icon={false}>
            <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {service.error ?? translate(`${PAGE}.no_reason`)}
            </Typography>
          </Alert>
        )}
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.75 }}>
          <Fact label={translate(`${PAGE}.check`)}>{formatMilliseconds(service.latency_ms, locale)}</Fact>
          {logged !== undefined && (
            <>
              <Fact label={translate(`${PAGE}.calls`)}>{formatCount(service.calls_last_hour, locale)}</Fact>
              <Fact label={translate(`${PAGE}.errors`)}>
                {service.errors_last_hour > 0 ? (
                  <Link
                    to={`${basename}${serviceLogPath({ service: logged, outcome: 'error' })}`}
                    aria-label={translate(`${PAGE}.see_errors`, { smart_count: service.errors_last_hour, service: name })}
                    sx={{ color: 'error.main', fontWeight: 700 }}
                  >
                    {formatCount(service.errors_last_hour, locale)}
                  </Link>
                ) : (
                  formatCount(0, locale)
                )}
              </Fact>
              <Fact label={translate(`${PAGE}.average`)}>
                {typeof service.avg_ms_last_hour === 'number' ? formatMilliseconds(service.avg_ms_last_hour, locale) : '—'}
              </Fact>
            </>
          )}
        </Box>
        {logged !== undefined ? (
          <LastError service={service} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate(`${PAGE}.not_logged`)}
          </Typography>
        )}
      </CardContent>
      {logged !== undefined && (
        <Box sx={{ px: 2, pb: 2 }}>
          <Button
            component={LinkBase}
            to={`${basename}${serviceLogPath({ service: logged })}`}
            label={`${PAGE}.see_log`}
            variant="text"
          >
            <ManageSearchOutlinedIcon />
          </Button>
        </Box>
      )}
    </Card>
  );
}

/** The last hour's latest error and when, on three lines at most (all of it on hover). */
function LastError({ service }: { service: ServiceStatus }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!service.last_error) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(`${PAGE}.no_error`)}
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {service.last_error_at
          ? translate(`${PAGE}.last_error_at`, { time: formatRomeDateTime(service.last_error_at, locale) })
          : translate(`${PAGE}.last_error`)}
      </Typography>
      <Typography
        variant="body2"
        color="error"
        title={service.last_error}
        sx={{
          fontFamily: 'monospace',
          fontSize: 13,
          overflowWrap: 'anywhere',
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {service.last_error}
      </Typography>
    </Box>
  );
}
