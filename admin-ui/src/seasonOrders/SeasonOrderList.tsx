import type { ReactNode } from 'react';
import {
  DataTable,
  List,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  TopToolbar,
  useTranslate,
  type ListProps,
} from 'react-admin';
import { ExportAllButton } from '../exports/ExportListActions';
import type { ExportKind } from '../exports/types';
import { SeasonFilterInput } from './SeasonFilterInput';
import { SellSeasonButton } from './SellSeasonButton';
import type { OrderState, SeasonOrderRow } from '../../../api-types';

/**
 * The season order lists' filters: the buyer's e-mail (part of it), the season ticket and the
 * order's state among `states`.
 */
function useSeasonOrderFilters(states: readonly OrderState[]) {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('resources.season-orders.filters.search')}
      sx={{ minWidth: { md: 300 } }}
    />,
    <SeasonFilterInput key="season_ticket_id" source="season_ticket_id" alwaysOn />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={states.map((state) => ({ id: state, name: `resources.orders.states.${state}` }))}
    />,
  ];
}

interface SeasonOrderListProps
  extends Pick<ListProps<SeasonOrderRow>, 'title' | 'storeKey' | 'filterDefaultValues' | 'sort' | 'perPage' | 'exporter'> {
  /** The states the state filter offers. */
  states: readonly OrderState[];
  /** The export its toolbar's "Export to Excel" asks for (every row, whatever the filters); none without. */
  exportKind?: ExportKind;
  /** The table's columns. */
  children: ReactNode;
}

/**
 * A list of season orders (`GET /api/admin/season-orders`): searched by the buyer's e-mail,
 * filtered by season ticket and state, each row opening the order's page; its actions sell a
 * season ticket at the box office and, with `exportKind`, export to Excel. Each page keeps its
 * own filters (`storeKey`), as the issued and the failed lists read the same resource.
 */
export function SeasonOrderList({ states, exportKind, children, ...listProps }: SeasonOrderListProps) {
  const filters = useSeasonOrderFilters(states);
  return (
    <ResourceContextProvider value="season-orders">
      <List<SeasonOrderRow>
        filters={filters}
        perPage={25}
        exporter={false}
        {...listProps}
        actions={
          <TopToolbar>
            <SellSeasonButton />
            {exportKind !== undefined && <ExportAllButton kind={exportKind} />}
          </TopToolbar>
        }
      >
        <DataTable<SeasonOrderRow> rowClick="show" bulkActionButtons={false}>
          {children}
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
