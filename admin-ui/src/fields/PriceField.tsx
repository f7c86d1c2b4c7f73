import Typography from '@mui/material/Typography';
import { useFieldValue, useLocaleState, type FieldProps } from 'react-admin';
import { formatEuros } from './money';

/** An amount held in cents, shown in euros in the staff member's language. */
export function PriceField(props: FieldProps) {
  const value: unknown = useFieldValue(props);
  const [locale] = useLocaleState();
  if (typeof value !== 'number') {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatEuros(value, locale)}
    </Typography>
  );
}
