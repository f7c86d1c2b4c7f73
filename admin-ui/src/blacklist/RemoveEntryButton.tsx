import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { useRecordContext } from 'react-admin';
import { removeFromBlacklist } from '../api/blacklist';
import { ConfirmedActionButton } from '../layout/ConfirmedActionButton';
import { blacklistFailureKey } from './blacklistRequest';
import { entryName, entryState, type BlacklistEntry } from './types';

const REMOVE = 'resources.blacklist.remove';

/**
 * "Rimuovi dalla blacklist" on an entry in force (its page), after a confirmation that says what
 * follows: `POST /api/admin/blacklist/{id}/remove` takes the person off the list for good (the
 * ticketing system is told too). The page is read again afterwards either way: it has moved on,
 * or someone removed it first (409 `already_removed`, said in our words). Nothing for an entry
 * removed.
 */
export function RemoveEntryButton(props: { record?: BlacklistEntry }) {
  const entry = useRecordContext<BlacklistEntry>(props);
  if (entry === undefined || entryState(entry) === 'removed') {
    return null;
  }
  const { id } = entry;
  return (
    <ConfirmedActionButton
      label={`${REMOVE}.button`}
      icon={<PersonRemoveOutlinedIcon />}
      title={`${REMOVE}.title`}
      content={`${REMOVE}.content`}
      keep={`${REMOVE}.keep`}
      translateOptions={{ name: entryName(entry) }}
      action={() => removeFromBlacklist(id)}
      done={`${REMOVE}.done`}
      failureKey={(error) => blacklistFailureKey(error, 'resources.blacklist.errors.remove_failed')}
    />
  );
}
