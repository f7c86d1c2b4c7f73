import { SearchInput, SelectInput, useTranslate } from 'react-admin';
import type { OrderState } from '../../../api-types';
import { SeasonFilterInput } from './SeasonFilterInput';

/**
 * The season order lists' filters: the buyer's e-mail (part of it), the season ticket and the
 * order's state among `states`.
 */
export function useSeasonOrderFilters(states: readonly OrderState[]) {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.season-orders.filters.search')} />,
    <SeasonFilterInput key="season_ticket_id" source="season_ticket_id" alwaysOn />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={states.map((state) => ({ id: state, name: `resources.orders.states.${state}` }))}
    />,
  ];
}
