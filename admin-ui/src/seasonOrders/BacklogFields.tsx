import { useRecordContext, type FieldProps, type RaRecord } from 'react-admin';
import { SeasonOrderButtons } from './SeasonOrderButtons';
import type { TitleCount } from './types';
import type { BacklogLine } from '../../../api-types';

/** What a backlog row (a line, or an order's lines together) says of its order. */
export type BacklogRecord = RaRecord & TitleCount & Pick<BacklogLine, 'order_id' | 'order_state' | 'season_name' | 'buyer_email'>;

/**
 * The order's retry, in a backlog row whose order has failed (a collection's issuing gave up):
 * the whole order is retried, going on from the matches it has. Nothing otherwise: the backlog
 * is worked through by itself.
 */
export function BacklogRetryField(props: FieldProps<BacklogRecord>) {
  const record = useRecordContext<BacklogRecord>(props);
  if (record === undefined || record.order_state !== 'failed') {
    return null;
  }
  return (
    <SeasonOrderButtons
      actions={['retry']}
      order={{
        id: record.order_id,
        state: record.order_state,
        season_name: record.season_name,
        buyer_email: record.buyer_email,
        titles_issued: record.titles_issued,
        titles_expected: record.titles_expected,
      }}
    />
  );
}
