import { DataTable, SearchInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { ExportableList } from '../exports/ExportableList';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { AccountFilterInput } from '../users/AccountFilterInput';
import { RemoveCardButton } from './RemoveCardButton';
import { CardAccountField, CardStateField, HolderField } from './SupporterCardFields';
import { SupporterCardTabs } from './SupporterCardTabs';
import { holderName } from './types';
import type { SupporterCard } from '../../../api-types';

const CARDS = 'resources.supporter-cards';

function useSupporterCardFilters() {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate(`${CARDS}.filters.search`)}
      sx={{ minWidth: { md: 360 } }}
    />,
    <AccountFilterInput key="user_id" source="user_id" />,
  ];
}

/**
 * The supporter cards fans added to their accounts, at /admin/fidelity_card, newest first: the
 * card, its holder, its state in the ticketing system, the account that holds it (linking to the
 * user) and when it was added. The search takes a card number, a holder's name or the account's
 * e-mail; a user's page opens the list narrowed to their account, a filter shown (as the
 * account's e-mail) until staff remove it. Staff take a card off its account, and export every
 * card to Excel. Its tab ("Tessere collegate") sits beside the club's own cards' (the first).
 */
export function SupporterCardList() {
  return (
    <>
      <SupporterCardTabs current="linked" />
      <ExportableList
        resource="supporter-cards"
        kind="fidelity_cards"
        filters={useSupporterCardFilters()}
        table={<SupporterCardTable />}
        narrow={<SupporterCardSimpleList />}
      />
    </>
  );
}

/** Newest first, the one order the contract names: the birth date under the holder, the expiry under the state. */
function SupporterCardTable() {
  return (
    <DataTable<SupporterCard> rowClick={false} bulkActionButtons={false}>
      <DataTable.Col source="card_number" disableSort>
        <TextField source="card_number" sx={{ fontFamily: 'monospace' }} />
      </DataTable.Col>
      <DataTable.Col source="holder_last_name" label={`${CARDS}.columns.holder`} disableSort field={HolderField} />
      <DataTable.Col source="card_state" disableSort field={CardStateField} />
      <DataTable.Col source="user_email" disableSort field={CardAccountField} />
      <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
      <DataTable.Col label={`${CARDS}.fields.actions`} disableSort>
        <RemoveCardButton />
      </DataTable.Col>
    </DataTable>
  );
}

/** On a narrow screen: one line per card, its number and holder first. */
function SupporterCardSimpleList() {
  const translate = useTranslate();
  return (
    <SimpleList<SupporterCard>
      linkType={false}
      primaryText={(card) => `${card.card_number} · ${holderName(card)}`}
      secondaryText={(card) => card.user_email}
      tertiaryText={(card) => translate(`${CARDS}.states.${card.card_state}`, { _: card.card_state })}
    />
  );
}
