import LinkOffIcon from '@mui/icons-material/LinkOff';
import { DeleteButton, useRecordContext } from 'react-admin';
import { useActionFailure } from '../fields/useActionFailure';
import { holderName } from './types';
import type { SupporterCard } from '../../../api-types';

const CARDS = 'resources.supporter-cards';

/**
 * Removes the card from the account that holds it, after a confirmation that names the card,
 * its holder and the account (`DELETE`, answered with the removed card; audited). The card
 * stays in the ticketing system: any account may add it again. A card already gone (404) or
 * another refusal is said in our words, and the list is read again.
 */
export function RemoveCardButton(props: { record?: SupporterCard }) {
  const card = useRecordContext<SupporterCard>(props);
  const onError = useActionFailure(`${CARDS}.errors.remove_failed`);
  if (card === undefined) {
    return null;
  }
  const about = { number: card.card_number, holder: holderName(card), email: card.user_email };
  return (
    <DeleteButton
      record={card}
      resource="supporter-cards"
      mutationMode="pessimistic"
      redirect={false}
      label={`${CARDS}.action.remove`}
      icon={<LinkOffIcon />}
      confirmTitle={`${CARDS}.confirm.remove_title`}
      confirmContent={`${CARDS}.confirm.remove_content`}
      translateOptions={about}
      confirmColor="warning"
      successMessage={`${CARDS}.notifications.removed`}
      mutationOptions={{ onError }}
    />
  );
}
