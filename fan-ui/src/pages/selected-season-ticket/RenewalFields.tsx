import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { BoundField } from '../../hooks/useFormFields';
import { SEASON_ORDER_NS } from '../../i18n';
import { EARLIEST_BIRTH_DATE, localToday } from '../../orders/holderRules';
import { SEXES } from '../../orders/types';
import { RENEWAL_TEXT_MAX, RIGHT_MAX, type RenewalField } from '../../seasons/renewal';

interface RenewalFieldsProps {
  /** A field's value, its error or hint, and its change (as `useFormFields().bind` gives them). */
  bind: (field: RenewalField, hint?: string) => BoundField;
  /** The input's id, its label's target and the end-to-end tests' handle. */
  idOf: (field: RenewalField) => string;
}

/**
 * A renewal's fields, as the single renewal and each row of a list of renewals show them: the
 * right (the fiscal seal printed on last season's ticket, or the renewal code the club e-mailed),
 * then the holder as the club's record has them.
 */
export function RenewalFields({ bind, idOf }: RenewalFieldsProps) {
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const today = localToday();
  const field = (name: RenewalField, hint?: string) => ({
    ...bind(name, hint),
    id: idOf(name),
    label: ts(`renewal.${name}`),
    required: true,
    fullWidth: true,
  });
  const input = (name: RenewalField, extra: Record<string, unknown> = {}) => ({
    'data-testid': idOf(name),
    ...extra,
  });

  return (
    <>
      <TextField
        {...field('right', ts('renewal.rightHint'))}
        autoComplete="off"
        slotProps={{ htmlInput: input('right', { maxLength: RIGHT_MAX, autoCapitalize: 'characters', spellCheck: false }) }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...field('first_name')}
          autoComplete="given-name"
          slotProps={{ htmlInput: input('first_name', { maxLength: RENEWAL_TEXT_MAX }) }}
        />
        <TextField
          {...field('last_name')}
          autoComplete="family-name"
          slotProps={{ htmlInput: input('last_name', { maxLength: RENEWAL_TEXT_MAX }) }}
        />
        <TextField
          {...field('birth_date')}
          type="date"
          autoComplete="bday"
          slotProps={{
            htmlInput: input('birth_date', { min: EARLIEST_BIRTH_DATE, max: today }),
            inputLabel: { shrink: true },
          }}
        />
        <TextField
          {...field('birth_province', ts('renewal.birth_provinceHint'))}
          autoComplete="off"
          slotProps={{ htmlInput: input('birth_province', { maxLength: 2, autoCapitalize: 'characters', spellCheck: false }) }}
        />
        <TextField
          {...field('birth_place', ts('renewal.birth_placeHint'))}
          autoComplete="off"
          slotProps={{ htmlInput: input('birth_place', { maxLength: RENEWAL_TEXT_MAX }) }}
        />
        <TextField
          {...field('sex')}
          select
          slotProps={{ htmlInput: input('sex'), select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            {ts('renewal.chooseSex')}
          </option>
          {SEXES.map((sex) => (
            <option key={sex} value={sex}>
              {ts(`renewal.sexes.${sex}`)}
            </option>
          ))}
        </TextField>
      </Box>
    </>
  );
}
