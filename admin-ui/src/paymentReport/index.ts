import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';

/**
 * The payment report: card payments and refunds by day, ours against Stripe's, at
 * /admin/reports/stripe-report. Read-only; a day has no page of its own.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.paymentReport }),
  icon: PaymentsOutlinedIcon,
  recordRepresentation: 'day',
};
