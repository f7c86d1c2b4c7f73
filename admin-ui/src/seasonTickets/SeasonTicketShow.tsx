import { NumberField, Show, TabbedShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { InventoryField } from '../fixtures/InventoryField';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { PhasesTab } from '../phases/PhasesTab';
import { PreemptionCodesTab } from '../preemptionCodes/PreemptionCodesTab';
import { WaitingRoomTab } from '../waitingRooms/WaitingRoomTab';
import { SellSeasonButton } from '../seasonOrders/SellSeasonButton';
import { SeasonFromPriceField } from './SeasonFields';
import { SeasonSaleButtons } from './SeasonSaleButtons';
import { SeasonTicketStatusField } from './SeasonTicketStatusChip';
import { canTakeSeasonOffSale, isSeasonCopying, SEASON_INVENTORY_REFRESH_MS } from './types';
import type { SeasonTicket } from '../../../api-types';

/** The page's title: the season ticket's name alone (it already says "Abbonamento"). */
function SeasonTicketTitle() {
  const season = useRecordContext<SeasonTicket>();
  return <>{season?.name ?? ''}</>;
}

/** Its sale actions, and while it is on sale, selling it at the box office (the sale form with it chosen). */
function SeasonTicketShowActions() {
  const season = useRecordContext<SeasonTicket>();
  return (
    <TopToolbar>
      {season !== undefined && canTakeSeasonOffSale(season) && <SellSeasonButton season={season.id} />}
      <SeasonSaleButtons />
    </TopToolbar>
  );
}

/** The season ticket's sale phases (renewal, pre-emption, free sale), with their live counts. */
function SeasonPhases() {
  const season = useRecordContext<SeasonTicket>();
  return season === undefined ? null : <PhasesTab target={{ season_ticket_id: season.id }} />;
}

/** The season ticket's own list of pre-emption rights: cards and seals, with their sectors. */
function SeasonPreemptionCodes() {
  const season = useRecordContext<SeasonTicket>();
  return season === undefined ? null : <PreemptionCodesTab target={{ season_ticket_id: season.id }} />;
}

/** The season ticket's on-sale waiting room: its live state, or enabling one. */
function SeasonWaitingRoom() {
  const season = useRecordContext<SeasonTicket>();
  return season === undefined ? null : <WaitingRoomTab target={{ season_ticket_id: season.id }} />;
}

/**
 * One season ticket, at /admin/season-tickets/{id}/show: its matches (how many, first and last
 * kick-off in Como time), its sale status and seats, its lowest price and rules, with its sale
 * actions and, while on sale, its sale at the box office. Refreshes itself while its matches'
 * seats are being copied. Its sale phases are on their own tab, at .../show/phases, its list of
 * pre-emption rights on the next, at .../show/preemption-codes, and its on-sale's waiting room at
 * .../show/waiting-room.
 */
export function SeasonTicketShow() {
  return (
    <Show<SeasonTicket>
      title={<SeasonTicketTitle />}
      actions={<SeasonTicketShowActions />}
      queryOptions={{
        refetchInterval: (query) =>
          query.state.data !== undefined && isSeasonCopying(query.state.data) ? SEASON_INVENTORY_REFRESH_MS : false,
      }}
    >
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="resources.season-tickets.tabs.details">
          <TextField source="name" />
          <TextField source="label" />
          <NumberField source="matches" />
          <RomeDateTimeField source="first_match_at" emptyText="—" />
          <RomeDateTimeField source="last_match_at" emptyText="—" />
          <SeasonTicketStatusField source="status" label="resources.season-tickets.fields.status" />
          <InventoryField source="inventory_ready" />
          <SeasonFromPriceField source="from_price_cents" label="resources.season-tickets.fields.from_price_cents" />
          <NumberField source="per_buyer_limit" />
          <NumberField source="transfer_limit" />
          <NumberField source="sub_category" />
          <TextField source="created_by" />
          <NumberField source="planet_season_type_id" />
          <TextField source="id" sx={{ fontFamily: 'monospace' }} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.phases.tab" path="phases">
          <SeasonPhases />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.preemption-codes.tab" path="preemption-codes">
          <SeasonPreemptionCodes />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="app.waiting_room" path="waiting-room">
          <SeasonWaitingRoom />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
