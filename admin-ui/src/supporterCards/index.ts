import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';

/**
 * Supporter cards fans added to their accounts: listed at /admin/fidelity_card, where staff take
 * a card off an account. Never edited.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.supporterCards }),
  icon: CreditCardOutlinedIcon,
  recordRepresentation: 'card_number',
};
