import { ReferenceInput, SelectInput } from 'react-admin';
import { sectorOptionText } from './types';

interface SectorFilterInputProps {
  source: string;
  /** Read by react-admin's filter form: the filter is shown without adding it first. */
  alwaysOn?: boolean;
}

/** A list filter on a sector code, choosing among the stadium's sectors. */
export function SectorFilterInput({ source }: SectorFilterInputProps) {
  return (
    <ReferenceInput source={source} reference="sectors" sort={{ field: 'code', order: 'ASC' }} perPage={100}>
      <SelectInput label="resources.sectors.filters.sector" optionText={sectorOptionText} sx={{ minWidth: 240 }} />
    </ReferenceInput>
  );
}
