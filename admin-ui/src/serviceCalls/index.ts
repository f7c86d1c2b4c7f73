import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';

/**
 * The service log: every call to the ticketing system, the payment provider and the mail server,
 * listed at /admin/reports/service-log. Read-only, and no call has a page of its own.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.serviceLog }),
  icon: ManageSearchOutlinedIcon,
  recordRepresentation: 'operation',
};
