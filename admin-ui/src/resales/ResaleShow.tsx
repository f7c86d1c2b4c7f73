import Box from '@mui/material/Box';
import { ListButton, Show, TopToolbar, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatEuros } from '../fields/money';
import { DateTime, Fact, Facts, Mono } from '../layout/Facts';
import { SHRINKABLE } from '../layout/grid';
import { Section } from '../layout/Section';
import { CancelResaleButton } from './CancelResaleButton';
import { RecordPayoutButton } from './RecordPayoutButton';
import { ResalePayoutField, ResaleStateField } from './ResaleFields';
import type { ResaleOffer } from './types';

const RESALES = 'resources.resales';
const FIELDS = `${RESALES}.fields`;

function ResaleTitle() {
  const offer = useRecordContext<ResaleOffer>();
  const translate = useTranslate();
  return <>{offer === undefined ? translate(`${RESALES}.name`, { smart_count: 1 }) : translate(`${RESALES}.title`, { code: offer.code })}</>;
}

/**
 * Back to the list, "Annulla rivendita" while it is listed, and "Segna come pagato" while its
 * seller is owed a payout by hand.
 */
function ResaleActions() {
  return (
    <TopToolbar>
      <ListButton />
      <CancelResaleButton />
      <RecordPayoutButton />
    </TopToolbar>
  );
}

/**
 * The offer: where it is (and until when a buyer paying holds it) and its dates; the match and
 * the seat; the amounts.
 */
function ResaleDetails() {
  const offer = useRecordContext<ResaleOffer>();
  const [locale] = useLocaleState();
  if (offer === undefined) {
    return null;
  }
  const euros = (cents: number) => formatEuros(cents, locale);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, p: 2, minWidth: 0 }}>
      <Section title={`${RESALES}.sections.offer`}>
        <Facts>
          <Fact label={`${FIELDS}.code`}>
            <Mono>{offer.code}</Mono>
          </Fact>
          <Fact label={`${FIELDS}.state`}>
            <ResaleStateField source="state" />
          </Fact>
          <Fact label={`${FIELDS}.created_at`}>
            <DateTime value={offer.created_at} />
          </Fact>
          <Fact label={`${FIELDS}.deadline`}>
            <DateTime value={offer.deadline} />
          </Fact>
          <Fact label={`${FIELDS}.paid_out_at`}>
            <ResalePayoutField source="paid_out_at" />
          </Fact>
        </Facts>
      </Section>
      <Section title={`${RESALES}.sections.seat`}>
        <Facts>
          <Fact label={`${FIELDS}.fixture_title`}>{offer.fixture_title}</Fact>
          <Fact label={`${FIELDS}.starts_at`}>
            <DateTime value={offer.starts_at} />
          </Fact>
          <Fact label={`${FIELDS}.sector_name`}>{offer.sector_name}</Fact>
          <Fact label={`${FIELDS}.gate`}>{offer.gate}</Fact>
          <Fact label={`${FIELDS}.row`}>{offer.row}</Fact>
          <Fact label={`${FIELDS}.number`}>{offer.number}</Fact>
          <Fact label={`${FIELDS}.seat_label`}>
            <Mono>{offer.seat_label}</Mono>
          </Fact>
        </Facts>
      </Section>
      <Section title={`${RESALES}.sections.money`}>
        <Facts>
          <Fact label={`${FIELDS}.face_value_cents`}>{euros(offer.face_value_cents)}</Fact>
          <Fact label={`${FIELDS}.price_cents`}>{euros(offer.price_cents)}</Fact>
          <Fact label={`${FIELDS}.fee_cents`}>{euros(offer.fee_cents)}</Fact>
          <Fact label={`${FIELDS}.payout_cents`}>{euros(offer.payout_cents)}</Fact>
        </Facts>
      </Section>
    </Box>
  );
}

/**
 * One offer, at /admin/resales/{id}/show (a row of the list opens it; on a phone, the only place
 * to cancel it or record a payout by hand): where it is, its match and seat, its amounts,
 * "Annulla rivendita" while it is listed and "Segna come pagato" while its seller is owed a
 * payout by hand.
 */
export function ResaleShow() {
  return (
    <Show<ResaleOffer> resource="resales" title={<ResaleTitle />} actions={<ResaleActions />}>
      <ResaleDetails />
    </Show>
  );
}
