import { useCallback } from 'react';
import { useCreatePath, type Identifier, type RaRecord } from 'react-admin';

/** A backlog row's `rowClick` (a line's, or an order's lines together): its season order's page. */
export function useSeasonOrderRowClick() {
  const createPath = useCreatePath();
  return useCallback(
    (_id: Identifier, _resource: string, record: RaRecord) =>
      createPath({ resource: 'season-orders', type: 'show', id: (record as RaRecord & { order_id: Identifier }).order_id }),
    [createPath],
  );
}
