import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  List,
  ResourceContextProvider,
  SelectInput,
  SimpleList,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { formatEuros } from '../fields/money';
import { PriceField } from '../fields/PriceField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { FixtureFilterInput } from '../fixtures/FixtureFilterInput';
import { MatchField } from '../issuedTickets/MatchField';
import { CancelResaleButton } from './CancelResaleButton';
import { RecordPayoutButton } from './RecordPayoutButton';
import { ResaleCodeField, ResalePayoutField, ResalePriceField, ResaleSeatField, ResaleStateField } from './ResaleFields';
import { RESALE_STATES, type ResaleOffer } from './types';

const RESALES = 'resources.resales';

const filters = [
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={RESALE_STATES.map((state) => ({ id: state, name: `${RESALES}.states.${state}` }))}
  />,
  <FixtureFilterInput key="fixture_id" source="fixture_id" alwaysOn />,
];

function NoResale() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${RESALES}.empty`)}
    </Typography>
  );
}

/**
 * On a desktop: the code (and when listed), where it is, the match and its kick-off, the seat,
 * the buyer's price (the face value under it), the club's fee and what the seller gets back, the
 * deadline, whether the seller was paid, and "Annulla rivendita" on a listed one or "Segna come
 * pagato" on one whose seller is owed a payout by hand (icons, so the table fits a 1366 px
 * desktop beside the menu). A row opens the offer.
 */
function ResaleTable() {
  return (
    <DataTable<ResaleOffer> rowClick="show" bulkActionButtons={false} empty={<NoResale />}>
      <DataTable.Col source="code" disableSort field={ResaleCodeField} />
      <DataTable.Col source="state" disableSort field={ResaleStateField} />
      <DataTable.Col source="fixture_title" disableSort>
        <MatchField source="fixture_title" />
      </DataTable.Col>
      <DataTable.Col source="sector_name" label={`${RESALES}.fields.seat`} disableSort field={ResaleSeatField} />
      <DataTable.Col source="price_cents" align="right" disableSort field={ResalePriceField} />
      <DataTable.Col source="fee_cents" align="right" disableSort field={PriceField} />
      <DataTable.Col source="payout_cents" align="right" disableSort field={PriceField} />
      <DataTable.Col source="deadline" disableSort field={RomeDateTimeField} />
      <DataTable.Col source="paid_out_at" disableSort field={ResalePayoutField} />
      <DataTable.Col label={`${RESALES}.fields.actions`} disableSort>
        <CancelResaleButton compact />
        <RecordPayoutButton compact />
      </DataTable.Col>
    </DataTable>
  );
}

/** On a phone: one line per offer, its code and match first; its page has the buttons. */
function ResaleSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<ResaleOffer>
      linkType="show"
      primaryText={(offer) => `${offer.code} · ${offer.fixture_title}`}
      secondaryText={(offer) =>
        `${offer.sector_name} · ${offer.seat_label} · ${formatEuros(offer.price_cents, locale)} · ${formatRomeDateTime(offer.starts_at, locale)}`
      }
      tertiaryText={(offer) => translate(`${RESALES}.states.${offer.state}`, { _: offer.state })}
      empty={<NoResale />}
    />
  );
}

/**
 * Season seats resold for one match at face value (rivendite), newest first (the API's one
 * order, so no column sorts), to answer fans and pay sellers back by hand: narrowed to a state or
 * a match. Staff cancel a listed offer, or record that they paid a seller back by hand (after a
 * confirmation). A table on a desktop, a list of lines on a phone.
 */
export function ResaleList() {
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <ResourceContextProvider value="resales">
      <List<ResaleOffer>
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        {isSmall ? <ResaleSimpleList /> : <ResaleTable />}
      </List>
    </ResourceContextProvider>
  );
}
