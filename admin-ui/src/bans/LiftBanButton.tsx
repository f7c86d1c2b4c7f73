import BlockIcon from '@mui/icons-material/Block';
import { useRecordContext, useResourceContext } from 'react-admin';
import { liftBan } from '../api/bans';
import { ConfirmedActionButton } from '../layout/ConfirmedActionButton';
import { banFailureKey } from './banRequest';
import { banSubject, banTypeOf, isLifted, type Ban } from './types';

const BANS = 'resources.bans';

/**
 * "Revoca" on a ban that is not lifted (its page, its form), after a confirmation that says what
 * follows: `POST /api/admin/bans/{type}/{id}/lift` lifts it for good (a title's goes to the
 * ticketing system too). The page is read again afterwards either way: it has moved on, or
 * someone lifted it first (409 `ban_lifted`, said in our words). Nothing for a lifted ban.
 */
export function LiftBanButton(props: { record?: Ban }) {
  const ban = useRecordContext<Ban>(props);
  const type = banTypeOf(useResourceContext());
  if (ban === undefined || isLifted(ban)) {
    return null;
  }
  const { id } = ban;
  return (
    <ConfirmedActionButton
      label={`${BANS}.lift.button`}
      icon={<BlockIcon />}
      title={`${BANS}.lift.title`}
      content={`${BANS}.lift.content_${type}`}
      keep={`${BANS}.lift.keep`}
      translateOptions={{ subject: banSubject(ban) }}
      action={() => liftBan(type, id)}
      done={`${BANS}.lift.done`}
      failureKey={(error) => banFailureKey(error, `${BANS}.errors.lift_failed`)}
    />
  );
}
