import Box from '@mui/material/Box';
import { EditButton, ListButton, Show, TopToolbar, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { DateTime, Fact, Facts, Mono } from '../layout/Facts';
import { SHRINKABLE } from '../layout/grid';
import { Section } from '../layout/Section';
import { BanTitle } from './BanEdit';
import { BanStateField, CreatedByField, MirrorField } from './BanFields';
import { LiftBanButton } from './LiftBanButton';
import { banTypeOf, isLifted, type Ban, type TitleBan } from './types';

const BANS = 'resources.bans';

/** Back to the list; its dates and reason changed, or "Revoca": while it is not lifted. */
function BanActions() {
  const ban = useRecordContext<Ban>();
  return (
    <TopToolbar>
      <ListButton />
      {ban !== undefined && !isLifted(ban) && <EditButton />}
      <LiftBanButton />
    </TopToolbar>
  );
}

/** A title's ban: the title's holder and match or season, and the ticketing system's copy. */
function TitleSection({ ban, fields }: { ban: TitleBan; fields: string }) {
  return (
    <Section title={`${BANS}.sections.title`}>
      <Facts>
        <Fact label={`${fields}.seal`}>
          <Mono>{ban.seal}</Mono>
        </Fact>
        <Fact label={`${fields}.holder_name`}>{ban.holder_name ?? '—'}</Fact>
        <Fact label={`${fields}.event`}>{ban.event ?? '—'}</Fact>
        <Fact label={`${fields}.mirror`}>
          <MirrorField source="mirror" />
        </Fact>
        <Fact label={`${fields}.planet_ban_id`}>
          <Mono>{ban.planet_ban_id ?? '—'}</Mono>
        </Fact>
      </Facts>
    </Section>
  );
}

/** The ban: what it bars, its state, its dates, why and who made it. */
function BanDetails() {
  const ban = useRecordContext<Ban>();
  const resource = useResourceContext();
  const translate = useTranslate();
  if (ban === undefined) {
    return null;
  }
  const fields = `resources.${resource}.fields`;
  const type = banTypeOf(resource);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, p: 2, minWidth: 0 }}>
      <Section title={`${BANS}.sections.ban`}>
        <Facts>
          {type === 'emails' && 'email' in ban && <Fact label={`${fields}.email`}>{ban.email}</Fact>}
          <Fact label={`${fields}.state`}>
            <BanStateField source="state" />
          </Fact>
          <Fact label={`${fields}.start_at`}>
            <DateTime value={ban.start_at} />
          </Fact>
          <Fact label={`${fields}.end_at`}>{ban.end_at === null ? translate(`${BANS}.no_end`) : <DateTime value={ban.end_at} />}</Fact>
          <Fact label={`${fields}.reason`} wide>
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
              {ban.reason}
            </Box>
          </Fact>
          <Fact label={`${fields}.created_at`}>
            <DateTime value={ban.created_at} />
          </Fact>
          <Fact label={`${fields}.created_by`}>
            <CreatedByField source="created_by" />
          </Fact>
          {ban.lifted_at !== null && (
            <Fact label={`${fields}.lifted_at`}>
              <DateTime value={ban.lifted_at} />
            </Fact>
          )}
        </Facts>
      </Section>
      {type === 'titles' && 'seal' in ban && <TitleSection ban={ban} fields={fields} />}
    </Box>
  );
}

/**
 * One ban, at /admin/bans/{type}/{id}/show (a row of the list opens it): what it bars, its state
 * and dates, its reason and who made it (a title's holder and the ticketing system's copy too),
 * its dates and reason changed while it is not lifted, and "Revoca".
 */
export function BanShow() {
  return (
    <Show<Ban> title={<BanTitle />} actions={<BanActions />}>
      <BanDetails />
    </Show>
  );
}
