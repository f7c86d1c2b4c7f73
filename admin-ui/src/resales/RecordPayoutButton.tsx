import PaidIcon from '@mui/icons-material/Paid';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Button, Confirm, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';
import { recordResalePayout } from '../api/resales';
import { formatEuros } from '../fields/money';
import { owesManualPayout, type ResaleOffer } from './types';

const RESALES = 'resources.resales';

/** Our words for a refused record: nothing owed by hand (any more), or no such offer; else generic. */
function failureKey(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'no_manual_payout') {
      return `${RESALES}.errors.no_manual_payout`;
    }
    if (error.status === 404) {
      return `${RESALES}.errors.not_found`;
    }
  }
  return apiErrorMessageKey(error, `${RESALES}.errors.payout_failed`);
}

/**
 * "Segna come pagato" on a completed offer whose seller the ticket office pays back by hand
 * (their row, their page), after a confirmation that says how much was paid:
 * `POST /api/admin/resales/{id}/payout` records it (audited) and the offer gets its
 * `paid_out_at`. The page is read again afterwards either way: it has moved on, or someone
 * recorded it first (409 `no_manual_payout`, said in our words). Nothing for an offer that owes
 * no payout by hand. `compact`: an icon with its name as a tooltip (a list's row).
 */
export function RecordPayoutButton({ compact = false, ...props }: { record?: ResaleOffer; compact?: boolean }) {
  const offer = useRecordContext<ResaleOffer>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (id: string) => recordResalePayout(id),
    onSuccess: (paid) => notify(`${RESALES}.record_payout.done`, { type: 'success', messageArgs: { code: paid.code } }),
    onError: (error) => notify(failureKey(error), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
  if (offer === undefined || !owesManualPayout(offer)) {
    return null;
  }
  const about = {
    code: offer.code,
    amount: formatEuros(offer.payout_cents, locale),
    title: offer.fixture_title,
    seat: `${offer.sector_name} · ${translate(`${RESALES}.seat`, { row: offer.row, number: offer.number })}`,
  };
  const openDialog = (event: MouseEvent) => {
    // In a list's row: open the dialog, not the offer's page.
    event.stopPropagation();
    setOpen(true);
  };
  const label = `${RESALES}.record_payout.button`;
  return (
    <>
      {compact ? (
        <Tooltip title={translate(label)}>
          {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
          <span>
            <IconButton aria-label={translate(label)} size="small" color="primary" disabled={mutation.isPending} onClick={openDialog}>
              <PaidIcon />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button label={label} disabled={mutation.isPending} onClick={openDialog}>
          <PaidIcon />
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`${RESALES}.record_payout.title`}
        content={`${RESALES}.record_payout.content`}
        translateOptions={about}
        confirm={label}
        cancel={`${RESALES}.record_payout.keep`}
        confirmColor="primary"
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
