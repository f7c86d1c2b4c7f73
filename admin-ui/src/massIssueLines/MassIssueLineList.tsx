import { List, ResourceContextProvider, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { MassIssueLineTable } from './MassIssueLineTable';
import { TaskFilterInput } from './TaskFilterInput';
import { LINE_STATES } from './types';
import type { MassIssueLine } from '../../../api-types';

function useLineFilters() {
  const translate = useTranslate();
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('resources.mass-issue-lines.filters.search')}
      sx={{ minWidth: { md: 340 } }}
    />,
    <TaskFilterInput key="task_id" source="task_id" alwaysOn />,
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={LINE_STATES.map((state) => ({ id: state, name: `resources.mass-issue-lines.states.${state}` }))}
    />,
  ];
}

/**
 * The tickets issued in bulk, line by line, at /admin/mass/tickets_issued: by task, by state
 * (the unfinalized ones, say) or by a holder's name, an e-mail or a seat. Each line says why it
 * was not issued, in our words when the API gives one of its codes.
 */
export function MassIssueLineList() {
  const filters = useLineFilters();
  return (
    <ResourceContextProvider value="mass-issue-lines">
      <List<MassIssueLine>
        filters={filters}
        sort={{ field: 'row', order: 'ASC' }}
        perPage={25}
        exporter={false}
        actions={false}
      >
        <MassIssueLineTable withTitle />
      </List>
    </ResourceContextProvider>
  );
}
