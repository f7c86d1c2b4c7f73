import BlockIcon from '@mui/icons-material/Block';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import HourglassTopOutlinedIcon from '@mui/icons-material/HourglassTopOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { Link, useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { StackedCell } from '../fields/StackedCell';
import { isRefusalCode, isSeasonTransfer } from './types';
import { useTransferOrderPath } from './useTransferOrderPath';
import type { StaffTransferView, TransferState } from '../../../api-types';

const TRANSFERS = 'resources.transfers';

const chipLook = {
  requested: { color: 'warning', variant: 'outlined', icon: <HourglassTopOutlinedIcon /> },
  done: { color: 'success', variant: 'filled', icon: <CheckCircleOutlinedIcon /> },
  refused: { color: 'error', variant: 'filled', icon: <BlockIcon /> },
} as const satisfies Record<
  TransferState,
  { color: 'warning' | 'success' | 'error'; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/** Where a change of holder is: amber in progress, green done, red refused. */
export function TransferStateChip({ state }: { state: TransferState }) {
  const translate = useTranslate();
  const { color, variant, icon } = chipLook[state];
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      icon={icon}
      label={translate(`${TRANSFERS}.states.${state}`)}
      data-state={state}
      data-testid="transfer-state"
    />
  );
}

/** Smaller, greyer lines under a cell's main fact. */
function Caption({ children, mono = false }: { children: ReactNode; mono?: boolean }) {
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={mono ? { fontFamily: 'monospace' } : { overflowWrap: 'anywhere' }}
    >
      {children}
    </Typography>
  );
}

function Lines({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>{children}</Box>;
}

/**
 * Marks a season seat passed on for one match ("Abbonamento"), said in full in its tooltip. A
 * match ticket is the usual case and carries no mark.
 */
export function SeasonSeatChip() {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color="secondary"
      icon={<CardMembershipOutlinedIcon />}
      label={translate(`${TRANSFERS}.kinds.season`)}
      title={translate(`${TRANSFERS}.kinds.season_hint`)}
      data-kind="season"
    />
  );
}

/** The seat: its sector, then its row and number, or an unnumbered place; a season seat's mark. */
export function TransferSeatField(props: FieldProps<StaffTransferView>) {
  const record = useRecordContext<StaffTransferView>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <Lines>
      <StackedCell
        secondary={
          record.no_map
            ? translate(`${TRANSFERS}.standing`)
            : translate(`${TRANSFERS}.seat`, { row: record.row, number: record.number })
        }
      >
        <Typography component="span" variant="body2">
          {record.sector_name}
        </Typography>
      </StackedCell>
      {isSeasonTransfer(record) ? <SeasonSeatChip /> : null}
    </Lines>
  );
}

/** The order the ticket was bought with, as a link to its page: a season order or a match's order. */
export function TransferOrderField(props: FieldProps<StaffTransferView>) {
  const record = useRecordContext<StaffTransferView>(props);
  const translate = useTranslate();
  const orderPath = useTransferOrderPath();
  if (record === undefined) {
    return null;
  }
  return (
    <Link
      to={orderPath(record)}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      title={record.order_id}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(`${TRANSFERS}.order.${isSeasonTransfer(record) ? 'season' : 'match'}`)}
    </Link>
  );
}

/** Who passed it on: their account's e-mail, the ticket's holder then, and its seal. */
export function TransferFromField(props: FieldProps<StaffTransferView>) {
  const record = useRecordContext<StaffTransferView>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <Lines>
      <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {record.from_email}
      </Typography>
      <Caption>{translate(`${TRANSFERS}.old_holder`, { name: record.from_holder_name })}</Caption>
      <Caption mono>{record.from_seal}</Caption>
    </Lines>
  );
}

/** Who it passes to: their name and e-mail, and whether they have an account with it (their wallet). */
export function TransferToField(props: FieldProps<StaffTransferView>) {
  const record = useRecordContext<StaffTransferView>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <Lines>
      <Typography component="span" variant="body2">
        {record.to_name}
      </Typography>
      <Caption>{record.to_email}</Caption>
      <Chip
        size="small"
        variant="outlined"
        color={record.to_account ? 'primary' : 'default'}
        label={translate(`${TRANSFERS}.account.${record.to_account ? 'yes' : 'no'}`)}
        data-account={record.to_account}
      />
    </Lines>
  );
}

/** The new title's seal, once done. */
export function NewSealField(props: FieldProps<StaffTransferView>) {
  const record = useRecordContext<StaffTransferView>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
      {record.seal ?? '—'}
    </Typography>
  );
}

/**
 * Where it is, and, once refused, why: our words for the ticketing system's reason (its code),
 * then the system's own message, which staff may need when the fan calls. Once done, when.
 */
export function TransferStateField(props: FieldProps<StaffTransferView>) {
  const record = useRecordContext<StaffTransferView>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  const code = record.refusal_code;
  return (
    <Lines>
      <TransferStateChip state={record.state} />
      {record.state === 'done' && record.done_at ? (
        <Caption>{translate(`${TRANSFERS}.done_at`, { time: formatRomeDateTime(record.done_at, locale) })}</Caption>
      ) : null}
      {record.state === 'refused' && code ? (
        <Caption>
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {code}
          </Box>
          {isRefusalCode(code) ? ` · ${translate(`${TRANSFERS}.refusals.${code}`)}` : null}
        </Caption>
      ) : null}
      {record.state === 'refused' && record.refusal_message ? (
        <Caption>{translate(`${TRANSFERS}.system_said`, { message: record.refusal_message })}</Caption>
      ) : null}
    </Lines>
  );
}
