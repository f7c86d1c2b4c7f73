import { useCallback } from 'react';
import { useCreatePath, type Identifier, type RaRecord } from 'react-admin';

/** The address of an order's page (/admin/orders/{id}/show), under the app's basename. */
export function useOrderPath(): (orderId: Identifier) => string {
  const createPath = useCreatePath();
  return useCallback((orderId: Identifier) => createPath({ resource: 'orders', type: 'show', id: orderId }), [createPath]);
}

/**
 * A list's `rowClick` that opens the order of the row's record (a ticket's `order_id`, a failed
 * issue's own id): wherever an order appears, a click leads to its page.
 */
export function useOrderRowClick<RecordType extends RaRecord>(orderIdOf: (record: RecordType) => Identifier | null | undefined) {
  const orderPath = useOrderPath();
  return useCallback(
    (_id: Identifier, _resource: string, record: RaRecord) => {
      const orderId = orderIdOf(record as RecordType);
      return orderId === null || orderId === undefined ? false : orderPath(orderId);
    },
    [orderIdOf, orderPath],
  );
}
