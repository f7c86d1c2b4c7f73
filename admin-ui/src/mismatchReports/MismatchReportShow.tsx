import CompareArrowsOutlinedIcon from '@mui/icons-material/CompareArrowsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  Button,
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { ReportMismatches } from '../mismatches/ReportMismatches';
import { ReportCountField, ReportStateField } from './ReportFields';
import { isReportInProgress, REPORT_REFRESH_MS } from './types';
import { useRunMismatchReport } from './useRunMismatchReport';
import type { MismatchReport } from '../../../api-types';

const REPORTS = 'resources.mismatch-reports';

/** Runs a new comparison for the same fixture: the divergences may have changed since. */
function RunAgainButton() {
  const report = useRecordContext<MismatchReport>();
  const running = useRunMismatchReport();
  if (report === undefined) {
    return null;
  }
  return (
    <Button
      label={`${REPORTS}.run_again`}
      disabled={isReportInProgress(report) || running.isPending}
      onClick={() => running.mutate(report.fixture_id)}
    >
      <CompareArrowsOutlinedIcon />
    </Button>
  );
}

function MismatchReportShowActions() {
  return (
    <TopToolbar>
      <ListButton />
      <RunAgainButton />
    </TopToolbar>
  );
}

/**
 * The report's divergences once found; until then that the comparison is running, or that it
 * failed.
 */
function Mismatches() {
  const report = useRecordContext<MismatchReport>();
  const translate = useTranslate();
  if (report === undefined) {
    return null;
  }
  let body;
  if (report.state === 'done') {
    body = <ReportMismatches reportId={report.id} />;
  } else if (report.state === 'failed') {
    body = <Alert severity="error">{translate(`${REPORTS}.failed`)}</Alert>;
  } else {
    body = <Alert severity="info">{translate(`${REPORTS}.in_progress`)}</Alert>;
  }
  return (
    <Labeled label={`${REPORTS}.fields.mismatches`} fullWidth>
      <Box sx={{ minWidth: 0 }}>{body}</Box>
    </Labeled>
  );
}

/**
 * One mismatch report: its match, who asked and when, where the comparison stands (read again
 * every second while queued or running), the titles counted on each side, the divergences found
 * and those left; then each divergence, with ours and the ticketing system's side by side and the
 * button that reconciles it.
 */
export function MismatchReportShow() {
  return (
    <Show<MismatchReport>
      actions={<MismatchReportShowActions />}
      queryOptions={{
        refetchInterval: (query) =>
          query.state.data !== undefined && isReportInProgress(query.state.data) ? REPORT_REFRESH_MS : false,
      }}
    >
      <SimpleShowLayout>
        <TextField source="fixture_title" />
        <ReportStateField source="state" label={`${REPORTS}.fields.state`} full />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}>
          <Labeled label={`${REPORTS}.fields.titles_here`}>
            <TextField source="titles_here" emptyText="—" />
          </Labeled>
          <Labeled label={`${REPORTS}.fields.titles_there`}>
            <TextField source="titles_there" emptyText="—" />
          </Labeled>
          <Labeled label={`${REPORTS}.fields.divergences`}>
            <ReportCountField source="divergences" />
          </Labeled>
          <Labeled label={`${REPORTS}.fields.unresolved`}>
            <ReportCountField source="unresolved" />
          </Labeled>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}>
          <Labeled label={`${REPORTS}.fields.requested_by`}>
            <TextField source="requested_by" />
          </Labeled>
          <Labeled label={`${REPORTS}.fields.created_at`}>
            <RomeDateTimeField source="created_at" />
          </Labeled>
          <Labeled label={`${REPORTS}.fields.finished_at`}>
            <RomeDateTimeField source="finished_at" emptyText="—" />
          </Labeled>
        </Box>
        <Mismatches />
      </SimpleShowLayout>
    </Show>
  );
}
