import Typography from '@mui/material/Typography';
import { useRecordContext, type FieldProps } from 'react-admin';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import type { SeasonTicket } from '../../../api-types';

function Dash() {
  return (
    <Typography component="span" variant="body2">
      —
    </Typography>
  );
}

/** Its first and last match's kick-off in Como time, "first – last"; a dash when it covers none. */
export function SeasonPeriodField(props: FieldProps<SeasonTicket>) {
  const season = useRecordContext<SeasonTicket>(props);
  if (season === undefined) {
    return null;
  }
  if (!season.first_match_at) {
    return <Dash />;
  }
  return (
    <Typography component="span" variant="body2">
      <RomeDateTimeField source="first_match_at" record={season} />
      {season.last_match_at && season.last_match_at !== season.first_match_at ? (
        <>
          {' – '}
          <RomeDateTimeField source="last_match_at" record={season} />
        </>
      ) : null}
    </Typography>
  );
}

/** Its lowest season price, in euros; a dash while it has none. */
export function SeasonFromPriceField(props: FieldProps<SeasonTicket>) {
  const season = useRecordContext<SeasonTicket>(props);
  if (season === undefined) {
    return null;
  }
  return typeof season.from_price_cents === 'number' ? (
    <PriceField source="from_price_cents" record={season} />
  ) : (
    <Dash />
  );
}
