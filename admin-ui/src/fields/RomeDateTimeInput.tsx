import { TextInput, type TextInputProps } from 'react-admin';
import { instantToRomeLocal, romeLocalToInstant } from './romeDateTime';

/** The form holds an instant (RFC 3339, UTC); the input shows and takes it in Italian time. */
const formatInstant = (value: unknown): string => (typeof value === 'string' && value !== '' ? instantToRomeLocal(value) : '');

const parseRomeLocal = (local: string): string | null => romeLocalToInstant(local) ?? null;

/**
 * A date and time typed in Europe/Rome time, whatever the browser's time zone (react-admin's
 * DateTimeInput would read it in the browser's): the form's value is the instant it names, as
 * the API takes it. `helperText` defaults to saying the time is Italian.
 */
export function RomeDateTimeInput({ helperText = 'app.rome_time', ...props }: Omit<TextInputProps, 'type' | 'format' | 'parse'>) {
  return (
    <TextInput
      {...props}
      type="datetime-local"
      format={formatInstant}
      parse={parseRomeLocal}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
