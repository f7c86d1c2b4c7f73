import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  /** The button that leaves things as they are. */
  keepLabel: string;
  /** The button that goes ahead (in red: what it does cannot be undone from here). */
  confirmLabel: string;
  pending: boolean;
  onKeep: () => void;
  onConfirm: () => void;
  confirmTestId?: string;
}

/** "Are you sure?" before something that cannot be had back (cancelling an order, removing a card). */
export function ConfirmDialog({
  open,
  title,
  body,
  keepLabel,
  confirmLabel,
  pending,
  onKeep,
  onConfirm,
  confirmTestId,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby={titleId} aria-describedby={bodyId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep}>{keepLabel}</Button>
        <Button color="error" variant="contained" loading={pending} data-testid={confirmTestId} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
