import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { reconcileMismatch } from '../api/mismatches';
import { canReconcile, isMismatchKind, mismatchSide, mismatchStatus } from './types';
import type { Mismatch } from '../../../api-types';

const MISMATCHES = 'resources.mismatches';

/** The facts the confirmation names: the title, and each side's seat and holder ("—" when unknown). */
function confirmArgs(mismatch: Mismatch) {
  const here = mismatchSide(mismatch.here);
  const there = mismatchSide(mismatch.there);
  return {
    title: mismatch.seal ?? String(mismatch.title_id),
    here_label: here?.label ?? '—',
    here_holder: here?.holder || '—',
    there_label: there?.label ?? '—',
    there_holder: there?.holder || '—',
  };
}

/**
 * Reconciles one divergence, after a confirmation that says what will happen for its kind (the
 * ticketing system holds the fiscal record, so ours is made to agree with it; a stray title there
 * is cancelled there by a job). Only for a divergence nobody reconciled or asked to yet: none
 * otherwise. The page is read again afterwards either way (someone may have been first: 409
 * `already_resolved`, said in our words, as the conflicts of seat and holder are).
 */
export function ReconcileButton(props: { record?: Mismatch }) {
  const mismatch = useRecordContext<Mismatch>(props);
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (record: Mismatch) => reconcileMismatch(record.id),
    onSuccess: (updated) =>
      notify(
        mismatchStatus(updated) === 'cancel_requested'
          ? `${MISMATCHES}.notifications.cancel_requested`
          : `${MISMATCHES}.notifications.resolved`,
        { type: 'success' },
      ),
    onError: (error) => notify(apiErrorMessageKey(error, `${MISMATCHES}.errors.reconcile_failed`), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
  if (mismatch === undefined || !canReconcile(mismatch) || !isMismatchKind(mismatch.kind)) {
    return null;
  }
  const args = confirmArgs(mismatch);
  return (
    <>
      <Button
        label={`${MISMATCHES}.action.reconcile`}
        variant="outlined"
        disabled={mutation.isPending}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <HandshakeOutlinedIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`${MISMATCHES}.confirm.title`}
        content={`${MISMATCHES}.confirm.${mismatch.kind}`}
        titleTranslateOptions={args}
        contentTranslateOptions={args}
        confirmColor="warning"
        onConfirm={() => mutation.mutate(mismatch)}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}
