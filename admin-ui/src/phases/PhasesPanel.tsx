import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, ReferenceManyField, useTranslate } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { SHRINKABLE } from '../layout/grid';
import { SendRenewalCodesButton } from '../renewalMailings/SendRenewalCodesButton';
import {
  CreatePhaseButton,
  DeletePhaseButton,
  EditPhaseButton,
  EndPhaseButton,
  KeepSeatsButton,
  MirrorPhasesButton,
} from './PhaseButtons';
import { PhaseCount, PhaseKindText, PhaseSectorsText, PhaseSourceChip, PhaseStateChip } from './PhaseFields';
import { CLOCK_TICK_MS, PHASES_REFRESH_MS, targetKind, type PhaseTarget } from './types';
import { useNow } from './useNow';
import type { PhaseCounts, PhaseView } from '../../../api-types';

const PHASES = 'resources.phases';

const COUNTS = ['eligible', 'kept', 'used', 'sold'] as const satisfies readonly (keyof PhaseCounts)[];

function NoPhaseYet() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
      {translate(`${PHASES}.empty`)}
    </Typography>
  );
}

/**
 * The phases in the order they start (the API's), each with its kind and name, start and end in
 * Italian time, whether it is on now, its sectors, who set it and its live counts; and what
 * staff do with one: change it, end it now, keep a renewal's seats again, remove it. No column
 * sorts: the API has one order.
 */
function PhaseTable() {
  // The buttons and the state chips read the same clock, every second: a phase ended now (or
  // starting now) shows so with the list's next read, not up to a poll later.
  const now = useNow(CLOCK_TICK_MS);
  return (
    <DataTable<PhaseView> rowClick={false} bulkActionButtons={false}>
      <DataTable.Col<PhaseView>
        source="kind"
        label={`${PHASES}.fields.phase`}
        disableSort
        render={(phase) => <PhaseKindText phase={phase} />}
      />
      <DataTable.Col<PhaseView> source="starts_at" disableSort field={RomeDateTimeField} />
      <DataTable.Col<PhaseView> source="ends_at" disableSort field={RomeDateTimeField} />
      <DataTable.Col<PhaseView>
        label={`${PHASES}.fields.state`}
        disableSort
        render={(phase) => <PhaseStateChip phase={phase} now={now} />}
      />
      <DataTable.Col<PhaseView> source="sectors" disableSort render={(phase) => <PhaseSectorsText phase={phase} />} />
      <DataTable.Col<PhaseView> source="source" disableSort render={(phase) => <PhaseSourceChip phase={phase} />} />
      {COUNTS.map((name) => (
        <DataTable.Col<PhaseView>
          key={name}
          source={`counts.${name}`}
          align="right"
          disableSort
          render={(phase) => <PhaseCount counts={phase.counts} name={name} />}
        />
      ))}
      <DataTable.Col label={`${PHASES}.fields.actions`} disableSort>
        <Box sx={{ display: 'flex', gap: 0.25, flexWrap: 'nowrap' }}>
          <EditPhaseButton />
          <EndPhaseButton now={now} />
          <KeepSeatsButton now={now} />
          <DeletePhaseButton now={now} />
        </Box>
      </DataTable.Col>
    </DataTable>
  );
}

/**
 * The sale phases of a season ticket or a match (`GET /api/admin/phases?filter=`), read again
 * every 5 seconds for their live counts, with a new phase's form one click away and the target's
 * pre-emption window mirrored from the ticketing system (a season's renewal, a match's card phase).
 */
export function PhasesPanel({ target }: { target: PhaseTarget }) {
  const translate = useTranslate();
  const kind = targetKind(target);
  const id = 'season_ticket_id' in target ? target.season_ticket_id : target.fixture_id;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 1.5, minWidth: 0, width: '100%' }} data-testid="phases-panel">
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
        {translate(kind === 'season' ? `${PHASES}.help.season` : `${PHASES}.help.fixture`, {
          seconds: PHASES_REFRESH_MS / 1000,
        })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <CreatePhaseButton target={target} />
        <MirrorPhasesButton target={target} />
        {'season_ticket_id' in target && <SendRenewalCodesButton seasonTicketId={target.season_ticket_id} />}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <ReferenceManyField<{ id: typeof id }, PhaseView>
          record={{ id }}
          reference="phases"
          target={kind === 'season' ? 'season_ticket_id' : 'fixture_id'}
          sort={{ field: 'starts_at', order: 'ASC' }}
          perPage={100}
          queryOptions={{ refetchInterval: PHASES_REFRESH_MS }}
          empty={<NoPhaseYet />}
        >
          <PhaseTable />
        </ReferenceManyField>
      </Box>
    </Box>
  );
}
