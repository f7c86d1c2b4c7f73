import { useWatch } from 'react-hook-form';
import { Create, required, SelectInput, useGetList, type Identifier } from 'react-admin';
import { useSeasonTicketDetail } from '../api/seasonTickets';
import { romeDateOf } from '../fields/romeDateTime';
import { SaleForm } from '../orders/SaleForm';
import { SaleLinesInput } from '../orders/SaleLineInputs';
import { seasonSaleRequest } from '../orders/saleRequest';
import { SEASON_TICKET_STATUS } from '../seasonTickets/types';
import { SEASON_DESK, SEASON_SALE } from './seasonSale';
import type { SeasonTicket } from '../../../api-types';

/**
 * The season ticket sale at the box office, at /admin/season-orders/create (from a season
 * ticket's page, with it chosen): staff choose a season ticket on sale, the buyer's e-mail, how
 * they paid and the e-mail's language, then one line per seat (its label, the season's
 * reduction, the holder, a collection or not). The ticketing system is asked first whether it
 * would refuse a holder; then the API takes the sale as paid and issues it like an online
 * season order, and staff land on the new order's page.
 */
export function SeasonOrderCreate() {
  return (
    <Create title={`${SEASON_SALE}.title`}>
      <SaleForm desk={SEASON_DESK} request={seasonSaleRequest} subject={<SeasonTicketInput />} lines={<SeasonSaleLines />} />
    </Create>
  );
}

const isOnSale = (season: SeasonTicket) => season.status === SEASON_TICKET_STATUS.onSale;

/** The season ticket sold: one of those on sale, by name (the season tickets are few: read whole). */
function SeasonTicketInput() {
  const { data = [], isPending } = useGetList<SeasonTicket>('season-tickets', {
    pagination: { page: 1, perPage: 100 },
  });
  const onSale = data.filter(isOnSale);
  return (
    <SelectInput
      // Mounted again once read: react-admin copies a select's choices in an effect, so a season
      // ticket chosen already (from its page) would meet no choices for a moment.
      key={isPending ? 'reading' : 'read'}
      source="season_ticket_id"
      label={`${SEASON_SALE}.fields.season_ticket_id`}
      choices={onSale}
      optionText="name"
      translateChoice={false}
      isPending={isPending}
      helperText={!isPending && onSale.length === 0 ? `${SEASON_SALE}.no_season_on_sale` : undefined}
      validate={required()}
      sx={{ minWidth: { sm: 360 } }}
    />
  );
}

const chosen = (value: unknown): Identifier | undefined =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? value : undefined;

/**
 * A season ticket's lines: priced by its own season prices (the reductions sold with it), the
 * holders checked on its first match's day (in Italy), as the API checks them.
 */
function SeasonSaleLines() {
  const seasonId = chosen(useWatch({ name: 'season_ticket_id' }));
  const { data: season, isPending, isError } = useSeasonTicketDetail(seasonId);
  const firstMatch = season?.first_match_at;
  // Before a season ticket is chosen its reductions are unknown; a season ticket whose prices
  // cannot be read (not on sale this season) has none to offer.
  const hint = isError ? `${SEASON_SALE}.help.no_prices` : `${SEASON_SALE}.help.reduction`;
  return (
    <SaleLinesInput
      desk={SEASON_DESK}
      pricing={{
        prices: season?.prices ?? [],
        // A query not yet enabled is pending too: nothing is being read before a choice.
        isPending: seasonId !== undefined && isPending,
        day: firstMatch ? romeDateOf(firstMatch) : undefined,
        hint,
      }}
    />
  );
}
