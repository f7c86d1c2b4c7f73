import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatCount } from '../fields/numbers';
import { RunStateChip } from '../fields/RunStateChip';
import { mailingProgress, mailingState } from './types';
import type { RenewalMailing } from '../../../api-types';

const MAILINGS = 'resources.renewal-mailings';

/** The mailing's state chip: grey queued, blue running, green done, red failed. */
export function MailingStateField(props: FieldProps<RenewalMailing>) {
  const record = useRecordContext<RenewalMailing>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const state = mailingState(record);
  return <RunStateChip state={state} label={translate(`${MAILINGS}.states.${state}`)} />;
}

interface MailingProgressFieldProps extends FieldProps<RenewalMailing> {
  /** The mailing's page: a taller bar, wider. */
  detailed?: boolean;
}

/** How far a mailing got: a bar of the e-mails sent, the percentage beside it, "12 inviate su 40" under it. */
export function MailingProgressField({ detailed = false, ...props }: MailingProgressFieldProps) {
  const record = useRecordContext<RenewalMailing>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  const progress = mailingProgress(record);
  const percent = `${progress}%`;
  const state = mailingState(record);
  const color = state === 'failed' ? 'error' : state === 'done' ? 'success' : 'primary';
  return (
    <Box
      sx={{ minWidth: detailed ? 280 : 180, maxWidth: detailed ? 560 : 260 }}
      data-testid="renewal-mailing-progress"
      data-sent={record.sent}
      data-total={record.total}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={progress}
          color={color}
          aria-label={translate(`${MAILINGS}.fields.progress`)}
          aria-valuetext={percent}
          sx={{ flex: 1, height: detailed ? 10 : 6, borderRadius: 1 }}
        />
        <Typography
          component="span"
          variant={detailed ? 'body1' : 'caption'}
          sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '4ch', textAlign: 'right', fontWeight: detailed ? 600 : 400 }}
        >
          {percent}
        </Typography>
      </Box>
      <Typography component="p" variant="caption" color="text.secondary" sx={{ mt: 0.25, fontVariantNumeric: 'tabular-nums' }}>
        {translate(`${MAILINGS}.sent_of`, {
          sent: formatCount(record.sent, locale),
          total: formatCount(record.total, locale),
        })}
      </Typography>
    </Box>
  );
}

/** The holders left out (no e-mail or no code), as a count, marked for the tests. */
export function SkippedCountField(props: FieldProps<RenewalMailing>) {
  const record = useRecordContext<RenewalMailing>(props);
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" data-testid="renewal-mailing-skipped" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatCount(record.skipped, locale)}
    </Typography>
  );
}

/** Why a mailing failed, in red, as the job gave it; nothing when it did not. */
export function MailingErrorField(props: FieldProps<RenewalMailing>) {
  const record = useRecordContext<RenewalMailing>(props);
  const error = record?.error?.trim() ?? '';
  if (error === '') {
    return props.emptyText === undefined ? null : <>{props.emptyText}</>;
  }
  return (
    <Typography component="span" variant="body2" color="error" data-testid="renewal-mailing-error" sx={{ overflowWrap: 'anywhere' }}>
      {error}
    </Typography>
  );
}
