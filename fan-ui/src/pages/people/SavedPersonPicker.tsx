import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NS } from '../../i18n';
import { personName } from '../../identity/people';
import type { SavedPerson } from '../../../../api-types';

interface SavedPersonPickerProps {
  /** The fan's saved people; none, and there is nothing to pick. */
  people: readonly SavedPerson[];
  /** The saved person the fields name now (picked, or typed alike); "" for none. */
  value: string;
  onPick: (person: SavedPerson) => void;
  /**
   * The other ticket of the order (its index) that already names this person: one person holds
   * one seat per match, so they are marked there and not picked twice; null for none.
   */
  takenBy?: (person: SavedPerson) => number | null;
  /** Said after the name to screen readers (", biglietto 1"): each ticket's picker is its own. */
  nameSuffix?: string;
  testId: string;
  /** Full width with its label above (a form of its own) rather than a small one beside "It's me". */
  wide?: boolean;
  /** Drawn again after a pick (the form it fills starts over): it keeps the focus. */
  autoFocus?: boolean;
}

/**
 * "Saved person…": one of the fan's saved people (`/myaccount/people`) to fill a form from. Its
 * words are the identity namespace's, which the pages that offer it may not have fetched: until
 * they are in, and when nobody is saved, it is not shown.
 */
export function SavedPersonPicker({ people, value, onPick, takenBy, nameSuffix = '', testId, wide = false, autoFocus = false }: SavedPersonPickerProps) {
  const { t, ready } = useTranslation(IDENTITY_NS, { useSuspense: false });
  if (!ready || people.length === 0) {
    return null;
  }
  return (
    <TextField
      select
      size={wide ? 'medium' : 'small'}
      label={wide ? t('people.picker.label') : undefined}
      value={value}
      onChange={(event) => {
        const person = people.find(({ id }) => id === event.target.value);
        if (person !== undefined) {
          onPick(person);
        }
      }}
      fullWidth={wide}
      autoFocus={autoFocus}
      helperText={wide ? (value === '' ? t('people.picker.cardHint') : t('people.picker.cardFilled')) : undefined}
      // Beside "It's me": as tall as its button, a finger's width (44 px).
      sx={wide ? undefined : { minWidth: 180, maxWidth: '100%', '& .MuiNativeSelect-select': { py: '10.5px' } }}
      slotProps={{
        select: { native: true },
        inputLabel: wide ? { shrink: true } : undefined,
        htmlInput: {
          'data-testid': testId,
          // Beside "It's me" the select has no label of its own: its first choice says what it is.
          'aria-label': wide ? undefined : `${t('people.picker.label')}${nameSuffix}`,
        },
      }}
    >
      <option value="" disabled>
        {t('people.picker.choose')}
      </option>
      {people.map((person) => {
        const elsewhere = takenBy?.(person) ?? null;
        const name = personName(person);
        return (
          <option key={person.id} value={person.id} disabled={elsewhere !== null}>
            {elsewhere === null ? name : t('people.picker.elsewhere', { name, index: elsewhere + 1 })}
          </option>
        );
      })}
    </TextField>
  );
}
