import { Edit, ShowButton, TopToolbar, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { banChange, banFailureKey, hasFieldErrors, type BanFormValues } from './banRequest';
import { BanForm } from './BanForm';
import { LiftBanButton } from './LiftBanButton';
import { banSubject, type Ban } from './types';

/** The page's title: "Ban · fan@example.it". */
export function BanTitle() {
  const ban = useRecordContext<Ban>();
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <>
      {ban === undefined
        ? translate(`resources.${resource}.name`, { smart_count: 1 })
        : translate('resources.bans.title', { subject: banSubject(ban) })}
    </>
  );
}

function BanEditActions() {
  return (
    <TopToolbar>
      <ShowButton />
      <LiftBanButton />
    </TopToolbar>
  );
}

/**
 * A ban's dates and reason changed, at /admin/bans/{type}/{id} (`PUT`), then its page. A lifted
 * ban shows read-only; one lifted meanwhile (409 `ban_lifted`) is said in our words, and the page
 * read again shows it so.
 */
export function BanEdit() {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit<Ban>
      title={<BanTitle />}
      actions={<BanEditActions />}
      mutationMode="pessimistic"
      redirect="show"
      transform={(values: BanFormValues) => banChange(values)}
      mutationOptions={{
        onError: (error: unknown) => {
          if (!hasFieldErrors(error)) {
            notify(banFailureKey(error, 'resources.bans.errors.save_failed'), { type: 'error' });
            refresh();
          }
        },
      }}
    >
      <BanForm />
    </Edit>
  );
}
