import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { Link, useRecordContext, type FieldProps, type RaRecord } from 'react-admin';
import { useOrderPath } from './useOrderPath';

/** An order's id (the record's `source`, `order_id` by default) as a link to the order's page. */
export function OrderLinkField(props: Omit<FieldProps<RaRecord>, 'source'> & { source?: string }) {
  const record = useRecordContext<RaRecord>(props);
  const orderPath = useOrderPath();
  const value: unknown = record?.[props.source ?? 'order_id'];
  if (typeof value !== 'string' && typeof value !== 'number') {
    return null;
  }
  return (
    <Link to={orderPath(value)} onClick={(event: MouseEvent) => event.stopPropagation()}>
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {value}
      </Box>
    </Link>
  );
}
