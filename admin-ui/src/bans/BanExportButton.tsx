import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { downloadBans } from '../api/bans';
import type { BanType } from './types';

const BANS = 'resources.bans';

/**
 * "Esporta in Excel": the list as its filters narrow it (the search and the state), from
 * `GET /api/admin/bans/{type}/export`, fetched with the session and saved as a file (a failure
 * said in our words rather than opening the API's error as a page).
 */
export function BanExportButton({ type }: { type: BanType }) {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const mutation = useMutation({
    mutationFn: (filter: Record<string, unknown>) => downloadBans(type, filter),
    onError: (error) => notify(apiErrorMessageKey(error, `${BANS}.errors.export_failed`), { type: 'error' }),
  });
  return (
    <Tooltip title={translate(`${BANS}.export.hint`)}>
      {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
      <span>
        <Button label={`${BANS}.export.button`} disabled={mutation.isPending} onClick={() => mutation.mutate(filterValues ?? {})}>
          <GridOnOutlinedIcon />
        </Button>
      </span>
    </Tooltip>
  );
}
