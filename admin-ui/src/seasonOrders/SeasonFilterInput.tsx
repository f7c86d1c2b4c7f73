import { ReferenceInput, SelectInput } from 'react-admin';

interface SeasonFilterInputProps {
  source: string;
  /** Read by react-admin's filter form: the filter is shown without adding it first. */
  alwaysOn?: boolean;
}

/** A list filter on a season ticket's id, choosing among the season tickets by name. */
export function SeasonFilterInput({ source }: SeasonFilterInputProps) {
  return (
    <ReferenceInput source={source} reference="season-tickets" perPage={100}>
      <SelectInput label="resources.season-orders.filters.season" optionText="name" sx={{ minWidth: 240 }} />
    </ReferenceInput>
  );
}
