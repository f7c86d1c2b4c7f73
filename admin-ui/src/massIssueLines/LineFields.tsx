import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { MouseEvent } from 'react';
import { Link, useCreatePath, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { PriceField } from '../fields/PriceField';
import { StackedCell } from '../fields/StackedCell';
import { reasonHasDetail, reasonText } from '../massIssues/lineErrors';
import { isSeasonTask } from '../massIssues/types';
import { LineStateField } from './LineStateChip';
import type { MassIssueLine } from '../../../api-types';

/** The seat's label, and under it its sector. */
export function LineSeatField(props: FieldProps<MassIssueLine>) {
  const record = useRecordContext<MassIssueLine>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.sector_name ?? undefined}>
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {record.label}
      </Typography>
    </StackedCell>
  );
}

/** Who the ticket is in the name of, and under it the e-mail that receives it. */
export function LineHolderField(props: FieldProps<MassIssueLine>) {
  const record = useRecordContext<MassIssueLine>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.email}>
      <Typography component="span" variant="body2">
        {record.holder_name}
      </Typography>
    </StackedCell>
  );
}

/** The price, and under it the reduction it is for. */
export function LinePriceField(props: FieldProps<MassIssueLine>) {
  const record = useRecordContext<MassIssueLine>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell align="right" secondary={record.reduction}>
      {typeof record.price_cents !== 'number' ? (
        <Typography component="span" variant="body2">
          —
        </Typography>
      ) : (
        <PriceField source="price_cents" />
      )}
    </StackedCell>
  );
}

/** The line's state, and under it the fiscal seal of its title once issued. */
export function LineOutcomeField(props: FieldProps<MassIssueLine>) {
  const record = useRecordContext<MassIssueLine>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.seal ?? undefined} monospace>
      <LineStateField source="state" />
    </StackedCell>
  );
}

/**
 * Why the line was not issued: one of the preview's codes in our words, or the ticketing
 * system's refusal or error in our words with the raw text under it (or as it said it, when we
 * have no words for it).
 */
export function LineReasonField(props: FieldProps<MassIssueLine> & { clamp?: boolean }) {
  const record = useRecordContext<MassIssueLine>(props);
  const translate = useTranslate();
  if (record === undefined || !record.reason) {
    return null;
  }
  const clamp = (lines: number): SxProps<Theme> =>
    props.clamp
      ? { display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 300 }
      : { whiteSpace: 'pre-wrap' };
  const detail = reasonHasDetail(record.reason) ? record.reason : undefined;
  return (
    <StackedCell
      secondary={
        detail === undefined ? undefined : (
          <Box component="span" sx={[{ fontFamily: 'monospace' }, clamp(1)].flat()}>
            {detail}
          </Box>
        )
      }
    >
      <Typography
        component="span"
        variant="body2"
        color={record.state === 'unfinalized' ? 'error' : 'text.secondary'}
        title={props.clamp ? record.reason : undefined}
        sx={clamp(3)}
      >
        {reasonText(translate, record.reason, isSeasonTask(record))}
      </Typography>
    </StackedCell>
  );
}

/** A season ticket's line's season order (its id), as a link to the season order's page. */
export function LineSeasonOrderField(props: FieldProps<MassIssueLine>) {
  const record = useRecordContext<MassIssueLine>(props);
  const createPath = useCreatePath();
  if (record === undefined || !record.season_order_id) {
    return null;
  }
  return (
    <Link
      to={createPath({ resource: 'season-orders', type: 'show', id: record.season_order_id })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {record.season_order_id}
      </Box>
    </Link>
  );
}

/** A link to the task the line belongs to (its page). */
export function LineTaskField(props: FieldProps<MassIssueLine>) {
  const record = useRecordContext<MassIssueLine>(props);
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <Link to={createPath({ resource: 'mass-issues', type: 'show', id: record.task_id })}>
      {translate('resources.mass-issue-lines.open_task')}
    </Link>
  );
}
