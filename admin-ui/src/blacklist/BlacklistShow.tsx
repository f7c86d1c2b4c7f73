import Box from '@mui/material/Box';
import { ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { CreatedByField } from '../bans/BanFields';
import { DateTime, Fact, Facts } from '../layout/Facts';
import { SHRINKABLE } from '../layout/grid';
import { Section } from '../layout/Section';
import { BirthDateField, EntryMirrorField, EntryStateField, FiscalCodeField } from './BlacklistFields';
import { RemoveEntryButton } from './RemoveEntryButton';
import { entryName, type BlacklistEntry } from './types';

const BLACKLIST = 'resources.blacklist';
const FIELDS = `${BLACKLIST}.fields`;

/** The page's title: "Blacklist · Mario Rossi". */
function BlacklistTitle() {
  const entry = useRecordContext<BlacklistEntry>();
  const translate = useTranslate();
  return (
    <>
      {entry === undefined
        ? translate(`${BLACKLIST}.name`, { smart_count: 1 })
        : translate(`${BLACKLIST}.title`, { name: entryName(entry) })}
    </>
  );
}

/** Back to the list, and "Rimuovi dalla blacklist" while the person is on it. */
function BlacklistActions() {
  return (
    <TopToolbar>
      <ListButton />
      <RemoveEntryButton />
    </TopToolbar>
  );
}

/** The person as listed, and the entry: in force or not, why, when and by whom, the ticketing system's copy. */
function BlacklistDetails() {
  const entry = useRecordContext<BlacklistEntry>();
  if (entry === undefined) {
    return null;
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, p: 2, minWidth: 0 }}>
      <Section title={`${BLACKLIST}.sections.person`}>
        <Facts>
          <Fact label={`${FIELDS}.last_name`}>{entry.last_name}</Fact>
          <Fact label={`${FIELDS}.first_name`}>{entry.first_name}</Fact>
          <Fact label={`${FIELDS}.birth_date`}>
            <BirthDateField source="birth_date" />
          </Fact>
          <Fact label={`${FIELDS}.fiscal_code`}>
            <FiscalCodeField source="fiscal_code" />
          </Fact>
        </Facts>
      </Section>
      <Section title={`${BLACKLIST}.sections.entry`}>
        <Facts>
          <Fact label={`${FIELDS}.state`}>
            <EntryStateField source="removed_at" />
          </Fact>
          <Fact label={`${FIELDS}.mirror`}>
            <EntryMirrorField source="mirror" />
          </Fact>
          <Fact label={`${FIELDS}.created_at`}>
            <DateTime value={entry.created_at} />
          </Fact>
          <Fact label={`${FIELDS}.created_by`}>
            <CreatedByField source="created_by" emptyText={`${BLACKLIST}.deleted_account`} />
          </Fact>
          <Fact label={`${FIELDS}.reason`} wide>
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
              {entry.reason}
            </Box>
          </Fact>
          {entry.removed_at !== null && entry.removed_at !== undefined && (
            <Fact label={`${FIELDS}.removed_at`}>
              <DateTime value={entry.removed_at} />
            </Fact>
          )}
        </Facts>
      </Section>
    </Box>
  );
}

/**
 * One person on the blacklist, at /admin/blacklist/{id}/show (a row of the list opens it): who,
 * born when, their fiscal code, whether they are on the list now, why, when and by whom they were
 * added (and removed), whether the ticketing system has it, and "Rimuovi dalla blacklist". No
 * form: an entry is only added and removed.
 */
export function BlacklistShow() {
  return (
    <Show<BlacklistEntry> title={<BlacklistTitle />} actions={<BlacklistActions />}>
      <BlacklistDetails />
    </Show>
  );
}
