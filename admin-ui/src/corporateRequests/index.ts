import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { CorporateRequestShow } from './CorporateRequestShow';

/**
 * Requests for a corporate account: listed at /admin/corporate/company_request, each read on its
 * own page; staff approve or decline them (a status change, never another edit).
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.corporateRequests }),
  show: CorporateRequestShow,
  icon: BusinessOutlinedIcon,
  recordRepresentation: 'company_name',
};
