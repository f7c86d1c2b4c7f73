import { Create, useNotify } from 'react-admin';
import { hasFieldErrors } from '../bans/banRequest';
import { blacklistFailureKey, newEntryRequest, type BlacklistFormValues } from './blacklistRequest';
import { BlacklistForm } from './BlacklistForm';
import type { BlacklistEntry } from './types';

/**
 * A person put on the blacklist, at /admin/blacklist/create: `POST` with the names, the birth
 * date, the fiscal code or "" and the reason; then the entry's page. The API's field refusals go
 * under their inputs, in our words; a person on the list already (409 `already_blacklisted`) is
 * said in our words too.
 */
export function BlacklistCreate() {
  const notify = useNotify();
  return (
    <Create<BlacklistEntry>
      title="resources.blacklist.create_title"
      redirect="show"
      transform={(values: BlacklistFormValues) => newEntryRequest(values)}
      mutationOptions={{
        onError: (error: unknown) => {
          if (!hasFieldErrors(error)) {
            notify(blacklistFailureKey(error, 'resources.blacklist.errors.save_failed'), { type: 'error' });
          }
        },
      }}
    >
      <BlacklistForm />
    </Create>
  );
}
