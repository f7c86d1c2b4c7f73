import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatMilliseconds } from '../fields/numbers';
import { OkChip } from '../fields/OkChip';
import { serviceLabel } from './types';
import type { ServiceCall } from '../../../api-types';

const CALLS = 'resources.service-calls';

/** An error longer than this is cut to two lines, with a button that shows all of it. */
const LONG_ERROR = 80;

function Dash() {
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      —
    </Typography>
  );
}

/** The service called, in our words. */
export function ServiceField(props: FieldProps<ServiceCall>) {
  const record = useRecordContext<ServiceCall>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" data-service={record.service}>
      {serviceLabel(translate, record.service)}
    </Typography>
  );
}

/** What was called, as the client names it: a method and path, or an SMTP step. */
export function OperationField(props: FieldProps<ServiceCall>) {
  const record = useRecordContext<ServiceCall>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', display: 'block', maxWidth: 300 }}
    >
      {record.operation}
    </Typography>
  );
}

/** How long the call took, in milliseconds. */
export function DurationField(props: FieldProps<ServiceCall>) {
  const record = useRecordContext<ServiceCall>(props);
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatMilliseconds(record.duration_ms, locale)}
    </Typography>
  );
}

/** Green "Riuscita" or red "Errore", with its icon. */
export function OutcomeField(props: FieldProps<ServiceCall>) {
  const record = useRecordContext<ServiceCall>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const ok = record.outcome === 'ok';
  return <OkChip ok={ok} label={translate(`${CALLS}.outcomes.${record.outcome}`, { _: record.outcome })} />;
}

/** The HTTP status answered, or a dash when there was none. */
export function HttpStatusField(props: FieldProps<ServiceCall>) {
  const record = useRecordContext<ServiceCall>(props);
  if (record === undefined) {
    return null;
  }
  if (typeof record.status !== 'number') {
    return <Dash />;
  }
  return (
    <Typography
      component="span"
      variant="body2"
      color={record.status >= 400 ? 'error' : undefined}
      sx={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {record.status}
    </Typography>
  );
}

/**
 * Why the call failed, as the client said it: two lines in the list (all of it on hover), and a
 * button that shows the whole text when it is long.
 */
export function CallErrorField(props: FieldProps<ServiceCall>) {
  const record = useRecordContext<ServiceCall>(props);
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  if (record === undefined) {
    return null;
  }
  const error = record.error;
  if (!error) {
    return <Dash />;
  }
  const long = error.length > LONG_ERROR;
  const whole = expanded || !long;
  return (
    <Box sx={{ maxWidth: 280, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <Typography
        component="span"
        variant="body2"
        color="error"
        title={whole ? undefined : error}
        data-testid="call-error"
        sx={{
          fontFamily: 'monospace',
          fontSize: 13,
          overflowWrap: 'anywhere',
          ...(whole
            ? { whiteSpace: 'pre-wrap' }
            : { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }),
        }}
      >
        {error}
      </Typography>
      {long && (
        <Button
          size="small"
          aria-expanded={expanded}
          onClick={(event) => {
            event.stopPropagation();
            setExpanded(!expanded);
          }}
          sx={{ p: 0, minWidth: 0, textTransform: 'none' }}
        >
          {translate(expanded ? `${CALLS}.error.show_less` : `${CALLS}.error.show_all`)}
        </Button>
      )}
    </Box>
  );
}
