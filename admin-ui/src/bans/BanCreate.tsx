import { Create, useNotify, useResourceContext } from 'react-admin';
import { banFailureKey, hasFieldErrors, newBanRequest, type BanFormValues } from './banRequest';
import { BanForm } from './BanForm';
import { banTypeOf, type Ban } from './types';

/**
 * A new ban, at /admin/bans/{type}/create: `POST` with the e-mail or the seal, the start (left
 * out: now), the end or null and the reason; then the ban's page. The API's field refusals (an
 * address that is not one, a seal that is none of our titles, an end before the start) go under
 * their inputs, in our words.
 */
export function BanCreate() {
  const notify = useNotify();
  const resource = useResourceContext();
  const type = banTypeOf(resource);
  return (
    <Create<Ban>
      title={`resources.${resource}.create_title`}
      redirect="show"
      transform={(values: BanFormValues) => newBanRequest(type, values)}
      mutationOptions={{
        onError: (error: unknown) => {
          if (!hasFieldErrors(error)) {
            notify(banFailureKey(error, 'resources.bans.errors.save_failed'), { type: 'error' });
          }
        },
      }}
    >
      <BanForm />
    </Create>
  );
}
