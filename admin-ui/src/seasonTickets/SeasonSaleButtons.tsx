import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import { UpdateButton, useNotify, useRecordContext } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { canPutSeasonOnSale, canTakeSeasonOffSale, SEASON_TICKET_STATUS } from './types';
import type { SeasonTicket } from '../../../api-types';

/** Our words for a refused change of sale: its first match started, it is gone, or any other failure. */
function saleErrorKey(error: unknown): string {
  const key = apiErrorMessageKey(error, 'resources.season-tickets.errors.update_failed');
  const status = (error as { status?: unknown } | null)?.status;
  return status === 404 ? 'resources.season-tickets.errors.not_found' : key;
}

/**
 * The sale actions of the season ticket in the record context, each after a confirmation: put on
 * sale (`PUT {status: 1}`; the seats of every match it covers are then copied by a job each) or
 * take off sale (`PUT {status: 2}`). Refused with 409 `season_started` once its first match has
 * kicked off.
 */
export function SeasonSaleButtons(props: { record?: SeasonTicket }) {
  const season = useRecordContext<SeasonTicket>(props);
  const notify = useNotify();
  if (season === undefined) {
    return null;
  }
  const words = { name: season.name, matches: season.matches };
  const onError = (error: unknown) => notify(saleErrorKey(error), { type: 'error' });
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      {canPutSeasonOnSale(season) && (
        <UpdateButton
          record={season}
          resource="season-tickets"
          mutationMode="pessimistic"
          data={{ status: SEASON_TICKET_STATUS.onSale }}
          label="resources.season-tickets.actions.put_on_sale"
          icon={<ShoppingCartOutlinedIcon />}
          confirmTitle="resources.season-tickets.confirm.put_on_sale_title"
          confirmContent="resources.season-tickets.confirm.put_on_sale_content"
          titleTranslateOptions={words}
          contentTranslateOptions={words}
          mutationOptions={{
            onSuccess: () => notify('resources.season-tickets.notifications.put_on_sale', { type: 'success' }),
            onError,
          }}
        />
      )}
      {canTakeSeasonOffSale(season) && (
        <UpdateButton
          record={season}
          resource="season-tickets"
          mutationMode="pessimistic"
          data={{ status: SEASON_TICKET_STATUS.offSale }}
          label="resources.season-tickets.actions.take_off_sale"
          icon={<RemoveShoppingCartOutlinedIcon />}
          confirmTitle="resources.season-tickets.confirm.take_off_sale_title"
          confirmContent="resources.season-tickets.confirm.take_off_sale_content"
          titleTranslateOptions={words}
          contentTranslateOptions={words}
          mutationOptions={{
            onSuccess: () => notify('resources.season-tickets.notifications.taken_off_sale', { type: 'success' }),
            onError,
          }}
        />
      )}
    </Box>
  );
}
