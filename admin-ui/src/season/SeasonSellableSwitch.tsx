import Switch from '@mui/material/Switch';
import { useNotify, useRecordContext, useTranslate, useUpdate, type FieldProps } from 'react-admin';
import { blockChanges } from '../blocks/types';
import type { Block } from '../../../api-types';

/**
 * Whether season tickets are sold in the block of the current row; a click saves at once
 * (PUT /api/admin/blocks/{id}) and the switch moves once the API has agreed.
 */
export function SeasonSellableSwitch(props: FieldProps<Block>) {
  const block = useRecordContext<Block>(props);
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<Block>();
  if (block === undefined) {
    return null;
  }
  const name = `${block.sector_code} ${block.code}`;
  const change = (sellable: boolean) =>
    update(
      'blocks',
      { id: block.id, data: blockChanges({ ...block, season_sellable: sellable }), previousData: block },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(sellable ? 'resources.blocks.season.now_sellable' : 'resources.blocks.season.now_not_sellable', {
            type: 'success',
            messageArgs: { block: name },
          }),
        onError: (error) => notify(error.message || 'ra.notification.http_error', { type: 'error' }),
      },
    );
  return (
    <Switch
      checked={block.season_sellable}
      disabled={isPending}
      onChange={(event) => change(event.target.checked)}
      data-testid={`season-sellable-${block.id}`}
      slotProps={{ input: { 'aria-label': translate('resources.blocks.season.toggle', { block: name }) } }}
    />
  );
}
