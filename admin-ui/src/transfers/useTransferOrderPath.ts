import { useCallback } from 'react';
import { useCreatePath, type Identifier, type RaRecord } from 'react-admin';
import { orderResourceOf } from './types';
import type { StaffTransferView } from '../../../api-types';

/**
 * The page of the order a change of holder's ticket was bought with: the season order's for a
 * season seat, the match order's otherwise.
 */
export function useTransferOrderPath(): (transfer: StaffTransferView) => string {
  const createPath = useCreatePath();
  return useCallback(
    (transfer: StaffTransferView) => createPath({ resource: orderResourceOf(transfer), type: 'show', id: transfer.order_id }),
    [createPath],
  );
}

/** A list's `rowClick` that opens the order of the row's change of holder (useTransferOrderPath). */
export function useTransferRowClick() {
  const orderPath = useTransferOrderPath();
  return useCallback(
    (_id: Identifier, _resource: string, record: RaRecord) => orderPath(record as StaffTransferView),
    [orderPath],
  );
}
