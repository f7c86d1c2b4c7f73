import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatEuros } from '../fields/money';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { StackedCell } from '../fields/StackedCell';
import { isReserved, RESALE_STATES, type ResaleOffer, type ResaleState } from './types';

const RESALES = 'resources.resales';

type ChipColor = 'primary' | 'warning' | 'success' | 'error' | 'default';

const chipLook = {
  listed: { color: 'primary', variant: 'outlined' },
  sold: { color: 'warning', variant: 'outlined' },
  completed: { color: 'success', variant: 'filled' },
  failed: { color: 'error', variant: 'filled' },
  withdrawn: { color: 'default', variant: 'outlined' },
  expired: { color: 'default', variant: 'outlined' },
  cancelled: { color: 'default', variant: 'filled' },
} as const satisfies Record<ResaleState, { color: ChipColor; variant: 'filled' | 'outlined' }>;

function isResaleState(state: string): state is ResaleState {
  return (RESALE_STATES as readonly string[]).includes(state);
}

/** Where an offer is, in our words: blue listed, amber sold, green completed, red failed, grey closed. */
export function ResaleStateChip({ state }: { state: string }) {
  const translate = useTranslate();
  const known = isResaleState(state);
  const { color, variant } = known ? chipLook[state] : ({ color: 'default', variant: 'outlined' } as const);
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      label={known ? translate(`${RESALES}.states.${state}`) : state}
      data-state={state}
      data-testid="resale-state"
    />
  );
}

/** The state's chip, and, while a buyer is paying for a listed offer, until when it is theirs. */
export function ResaleStateField(props: FieldProps<ResaleOffer>) {
  const offer = useRecordContext<ResaleOffer>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (offer === undefined) {
    return null;
  }
  return (
    <StackedCell
      secondary={
        isReserved(offer) && offer.reserved_until
          ? translate(`${RESALES}.reserved`, { time: formatRomeDateTime(offer.reserved_until, locale) })
          : undefined
      }
    >
      <ResaleStateChip state={offer.state} />
    </StackedCell>
  );
}

/** The offer's short code, as staff and fans quote it, and when it was listed. */
export function ResaleCodeField(props: FieldProps<ResaleOffer>) {
  const offer = useRecordContext<ResaleOffer>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (offer === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={translate(`${RESALES}.created`, { time: formatRomeDateTime(offer.created_at, locale) })}>
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {offer.code}
      </Typography>
    </StackedCell>
  );
}

/** The buyer's price, and the seat's face value (the most a buyer may pay) under it. */
export function ResalePriceField(props: FieldProps<ResaleOffer>) {
  const offer = useRecordContext<ResaleOffer>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (offer === undefined) {
    return null;
  }
  return (
    <StackedCell align="right" secondary={translate(`${RESALES}.face_value`, { amount: formatEuros(offer.face_value_cents, locale) })}>
      <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatEuros(offer.price_cents, locale)}
      </Typography>
    </StackedCell>
  );
}

/** The seat: its sector, then its row and number and its label. */
export function ResaleSeatField(props: FieldProps<ResaleOffer>) {
  const offer = useRecordContext<ResaleOffer>(props);
  const translate = useTranslate();
  if (offer === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={`${translate(`${RESALES}.seat`, { row: offer.row, number: offer.number })} · ${offer.seat_label}`}>
      <Typography component="span" variant="body2">
        {offer.sector_name}
      </Typography>
    </StackedCell>
  );
}

/**
 * Whether the seller was paid back: when, by a refund to their card; "Da pagare a mano" when
 * their season ticket was not paid by card, so the ticket office pays them, until staff record it
 * ("Pagato a mano il …" from then on); a dash before either.
 */
export function ResalePayoutField(props: FieldProps<ResaleOffer>) {
  const offer = useRecordContext<ResaleOffer>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (offer === undefined) {
    return null;
  }
  const paidAt = offer.paid_out_at;
  if (offer.payout_manual && paidAt) {
    return (
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={translate(`${RESALES}.payout.paid_manually`, { time: formatRomeDateTime(paidAt, locale) })}
        data-testid="resale-payout-manual"
        data-paid="true"
      />
    );
  }
  if (offer.payout_manual) {
    return (
      <Chip
        size="small"
        color="warning"
        label={translate(`${RESALES}.payout.manual`)}
        title={translate(`${RESALES}.payout.manual_hint`)}
        data-testid="resale-payout-manual"
        data-paid="false"
      />
    );
  }
  return (
    <Typography component="span" variant="body2">
      {paidAt ? <time dateTime={paidAt}>{formatRomeDateTime(paidAt, locale)}</time> : '—'}
    </Typography>
  );
}
