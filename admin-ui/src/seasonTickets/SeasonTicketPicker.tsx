import { useGetList } from 'react-admin';
import { RecordPicker, type PickerProps } from '../fields/RecordPicker';
import type { SeasonTicket } from '../../../api-types';

export type SeasonTicketPickerProps = PickerProps<SeasonTicket>;

/**
 * A choice among the season tickets, by name (they are few: read whole), as FixturePicker for a
 * fixture: for the pages where staff work on one season ticket outside a react-admin form.
 */
export function SeasonTicketPicker(props: SeasonTicketPickerProps) {
  const { data = [], isPending } = useGetList<SeasonTicket>('season-tickets', {
    pagination: { page: 1, perPage: 100 },
  });
  return <RecordPicker {...props} records={data} isPending={isPending} optionText={(season) => season.name} />;
}
