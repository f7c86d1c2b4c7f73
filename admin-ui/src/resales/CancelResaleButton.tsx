import BlockIcon from '@mui/icons-material/Block';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';
import { cancelResale } from '../api/resales';
import { canCancelResale, type ResaleOffer } from './types';

const RESALES = 'resources.resales';

/** Our words for a refused cancellation: the offer closed meanwhile, or is not there; else generic. */
function failureKey(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'offer_closed') {
      return `${RESALES}.errors.offer_closed`;
    }
    if (error.status === 404) {
      return `${RESALES}.errors.not_found`;
    }
  }
  return apiErrorMessageKey(error, `${RESALES}.errors.cancel_failed`);
}

/**
 * "Annulla rivendita" on a listed offer (its row, its page), after a confirmation that says what
 * follows: `POST /api/admin/resales/{id}/cancel` takes it off the match's seat map, the match
 * stays the holder's, and a buyer paying meanwhile is paid back. The page is read again
 * afterwards either way: it has moved on, or moved first (409 `offer_closed`, said in our words).
 * Nothing for an offer that is not listed. `compact`: an icon with its name as a tooltip (a list's
 * row).
 */
export function CancelResaleButton({ compact = false, ...props }: { record?: ResaleOffer; compact?: boolean }) {
  const offer = useRecordContext<ResaleOffer>(props);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (id: string) => cancelResale(id),
    onSuccess: (cancelled) => notify(`${RESALES}.cancel.done`, { type: 'success', messageArgs: { code: cancelled.code } }),
    onError: (error) => notify(failureKey(error), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
  if (offer === undefined || !canCancelResale(offer)) {
    return null;
  }
  const about = {
    code: offer.code,
    title: offer.fixture_title,
    seat: `${offer.sector_name} · ${translate(`${RESALES}.seat`, { row: offer.row, number: offer.number })}`,
  };
  const openDialog = (event: MouseEvent) => {
    // In a list's row: open the dialog, not the offer's page.
    event.stopPropagation();
    setOpen(true);
  };
  const label = `${RESALES}.cancel.button`;
  return (
    <>
      {compact ? (
        <Tooltip title={translate(label)}>
          {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
          <span>
            <IconButton aria-label={translate(label)} size="small" color="warning" disabled={mutation.isPending} onClick={openDialog}>
              <BlockIcon />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button label={label} color="warning" disabled={mutation.isPending} onClick={openDialog}>
          <BlockIcon />
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`${RESALES}.cancel.title`}
        content={`${RESALES}.cancel.content`}
        translateOptions={about}
        confirm={`${RESALES}.cancel.button`}
        cancel={`${RESALES}.cancel.keep`}
        confirmColor="warning"
        onConfirm={() => mutation.mutate(offer.id)}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}
