import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import { Button, LinkBase, useBasename, useRecordContext } from 'react-admin';
import { supporterCardsOfAccountPath } from './types';
import type { UserView } from '../../../api-types';

/**
 * On a user's page: their supporter cards, as the cards list narrowed to their account (the
 * list shows that filter, and staff can remove it).
 */
export function AccountCardsButton(props: { record?: UserView }) {
  const user = useRecordContext<UserView>(props);
  const basename = useBasename();
  if (user === undefined) {
    return null;
  }
  return (
    <Button
      component={LinkBase}
      to={`${basename}${supporterCardsOfAccountPath(user.id)}`}
      label="resources.users.actions.supporter_cards"
    >
      <CreditCardOutlinedIcon />
    </Button>
  );
}
