import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Chip from '@mui/material/Chip';

interface OkChipProps {
  ok: boolean;
  /** Already translated: what "ok" or "not ok" means here (answered, matched...). */
  label: string;
  /** How loud "not ok" is: red for a failure, amber for something to look into. */
  problem?: 'error' | 'warning';
}

/**
 * A yes/no outcome, in the look of the shared state chips (RunStateChip): green with a tick when
 * it went well, red (or amber) with an alert icon when not, never told by colour alone.
 */
export function OkChip({ ok, label, problem = 'error' }: OkChipProps) {
  const Icon = ok ? CheckCircleOutlinedIcon : problem === 'error' ? ErrorOutlinedIcon : WarningAmberOutlinedIcon;
  return (
    <Chip
      size="small"
      color={ok ? 'success' : problem}
      variant="filled"
      icon={<Icon />}
      label={label}
      data-ok={String(ok)}
    />
  );
}
