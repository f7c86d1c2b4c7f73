import Typography from '@mui/material/Typography';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';

/**
 * How an order was paid, in the staff member's language where we have words for the method
 * ("Carta"); a method we do not know is shown as the API names it, none as a dash.
 */
export function PaymentMethodField(props: FieldProps) {
  const value: unknown = useFieldValue(props);
  const translate = useTranslate();
  const text =
    typeof value === 'string' && value !== '' ? translate(`resources.orders.payment_methods.${value}`, { _: value }) : '—';
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
}
