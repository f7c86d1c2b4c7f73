import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { LazyRenewalMailingShow } from '../lazyPages';
import { RedirectTo } from '../layout/RedirectTo';
import type { RenewalMailing } from '../../../api-types';

/**
 * Renewal code e-mails to a season's holders: started from a season ticket's sale phases, listed
 * at /admin/preemption/renewal_mailings, each followed on its own page. Never edited: the mailing
 * moves on by itself.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.renewalMailings }),
  show: LazyRenewalMailingShow,
  icon: ForwardToInboxOutlinedIcon,
  recordRepresentation: (record: Pick<RenewalMailing, 'label'>) => record.label,
};
