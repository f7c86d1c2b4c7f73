import TextField from '@mui/material/TextField';

/** The longest reason the API takes for a refund. */
export const REASON_MAX = 500;

interface ReasonFieldProps {
  id: string;
  label: string;
  value: string;
  /** The field's message when the reason is missing or too long. */
  error: string | null;
  onChange: (value: string) => void;
}

/** A refund's required reason, with its length counter (an order's refund, a match's). */
export function ReasonField({ id, label, value, error, onChange }: ReasonFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      required
      multiline
      minRows={2}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null}
      helperText={error ?? `${value.length}/${REASON_MAX}`}
      fullWidth
      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
    />
  );
}
