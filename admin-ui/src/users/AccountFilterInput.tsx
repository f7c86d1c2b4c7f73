import { TextInput, useGetOne, useListContext } from 'react-admin';
import type { UserView } from '../../../api-types';

interface AccountFilterInputProps {
  source: string;
  /** The label; by default the list resource's `fields.{source}`. */
  label?: string;
  /** Read by react-admin's filter form: leave it off, so the filter shows only while it is set. */
  alwaysOn?: boolean;
}

/**
 * A list filter on the account (a user's id) the rows belong to, set by a link from the user's
 * page (`?filter={"user_id":...}`). Not always on: react-admin shows it while it is set, with its
 * "remove this filter" button beside it, so a list narrowed to one account always says so. It
 * reads as the account's e-mail, and as its id until the user is read (or if they cannot be).
 * Read-only: staff reach another account from its own page.
 */
export function AccountFilterInput({ source, label }: AccountFilterInputProps) {
  const { filterValues } = useListContext();
  const chosen: unknown = (filterValues as Record<string, unknown>)[source];
  const id = typeof chosen === 'string' ? chosen : '';
  const { data: user } = useGetOne<UserView>('users', { id }, { enabled: id !== '' });
  return (
    <TextInput
      source={source}
      label={label}
      readOnly
      format={(value: unknown) => (user !== undefined && String(user.id) === id ? user.email : String(value ?? ''))}
      sx={{ minWidth: 300 }}
    />
  );
}
