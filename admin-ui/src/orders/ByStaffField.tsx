import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';

/**
 * Marks an order placed by staff (box office, admin) with an icon and leaves fans' orders
 * blank, so the few staff sales stand out in a list of mostly online ones. Reads a match order's
 * `is_order_by_admin` (true) or a season order's `sold_by` (the staff member's e-mail, null for a
 * fan's own).
 */
export function ByStaffField(props: FieldProps) {
  const value: unknown = useFieldValue(props);
  const translate = useTranslate();
  if (value !== true && (typeof value !== 'string' || value === '')) {
    return null;
  }
  // titleAccess names the icon for screen readers and shows as the pointer's tooltip.
  return (
    <SupportAgentOutlinedIcon fontSize="small" color="primary" titleAccess={translate('resources.orders.by_staff')} />
  );
}
