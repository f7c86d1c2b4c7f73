import type { Identifier } from 'react-admin';

/**
 * The id, as the API gave it (number or text), of the option a select chose by its text value
 * (MUI selects hand back strings).
 */
export function idOf(value: string, records: readonly { id: Identifier }[]): Identifier | '' {
  return records.find((record) => String(record.id) === value)?.id ?? '';
}
