import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps, type RaRecord } from 'react-admin';
import { BuyerField } from '../failedIssues/FailedIssueFields';
import { PriceField } from '../fields/PriceField';
import { StackedCell } from '../fields/StackedCell';
import { SaleChannelField } from '../orders/SaleChannelField';
import type { TitleCount } from './types';
import type { SeasonOrderRow } from '../../../api-types';

const SEASON_ORDERS = 'resources.season-orders';

/**
 * How far issuing got, as a bar and "12 / 19": the titles issued of those the seats need (a
 * season title per seat, a title per covered match per collection). Green once complete.
 */
export function TitlesProgress({ titles_issued: issued, titles_expected: expected }: TitleCount) {
  const translate = useTranslate();
  const progress = expected > 0 ? Math.min(100, Math.round((issued * 100) / expected)) : 100;
  const count = translate(`${SEASON_ORDERS}.progress.count`, { issued, expected });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 140, maxWidth: 240 }} data-testid="titles-progress">
      <LinearProgress
        variant="determinate"
        value={progress}
        color={issued >= expected ? 'success' : 'primary'}
        aria-label={translate(`${SEASON_ORDERS}.progress.label`)}
        aria-valuetext={count}
        sx={{ flex: 1, height: 6, borderRadius: 1 }}
      />
      <Typography component="span" variant="caption" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {count}
      </Typography>
    </Box>
  );
}

/** The titles progress of the record in context (a season order's row, a backlog line or order). */
export function TitlesProgressField(props: FieldProps<RaRecord & TitleCount>) {
  const record = useRecordContext<RaRecord & TitleCount>(props);
  if (record === undefined) {
    return null;
  }
  return <TitlesProgress titles_issued={record.titles_issued} titles_expected={record.titles_expected} />;
}

/** How many seats, and under it how many of them are collections of match tickets. */
export function SeatsField(props: FieldProps<SeasonOrderRow>) {
  const record = useRecordContext<SeasonOrderRow>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell
      align="right"
      secondary={record.collections > 0 ? translate(`${SEASON_ORDERS}.collections`, { smart_count: record.collections }) : undefined}
    >
      <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {translate(`${SEASON_ORDERS}.seats`, { smart_count: record.seats })}
      </Typography>
    </StackedCell>
  );
}

/** The order's total, and under it its titles issued of those expected (a failed order's row). */
export function TotalTitlesField(props: FieldProps<SeasonOrderRow>) {
  const record = useRecordContext<SeasonOrderRow>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell align="right" secondary={<TitlesProgressField source="titles_issued" />}>
      <PriceField source="total_cents" />
    </StackedCell>
  );
}

/** The buyer's e-mail, and under it the season ticket (a season order's row, a backlog order's). */
export function BuyerSeasonField(props: FieldProps<RaRecord>) {
  return <BuyerField {...props} under="season_name" />;
}

/**
 * How the order was paid, marked when staff sold it at the box office as a match order's is, and
 * under it who sold it ("Venduto da staff@...").
 */
export function SeasonPaymentField(props: FieldProps<SeasonOrderRow>) {
  const record = useRecordContext<SeasonOrderRow>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.sold_by ? translate('resources.orders.sold_by', { staff: record.sold_by }) : undefined}>
      <SaleChannelField staffSource="sold_by" />
    </StackedCell>
  );
}
