import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { taskKind, type TaskKind } from './types';
import type { MassIssueLine, MassIssueTask } from '../../../api-types';

const MASS = 'resources.mass-issues';

/**
 * Marks what a season ticket's task (or preview, or line) issues: season titles ("Abbonamento")
 * or collections of one ticket per match ("Collezione"), said in full in its tooltip. A fixture's
 * task is the usual case and carries no mark.
 */
export function TaskKindChip({ kind }: { kind: TaskKind }) {
  const translate = useTranslate();
  if (kind === 'fixture') {
    return null;
  }
  return (
    <Chip
      size="small"
      variant="outlined"
      color="secondary"
      icon={kind === 'collection' ? <ConfirmationNumberOutlinedIcon /> : <CardMembershipOutlinedIcon />}
      label={translate(`${MASS}.kinds.${kind}`)}
      title={translate(`${MASS}.kinds.${kind}_hint`)}
      data-kind={kind}
    />
  );
}

/**
 * A task's or a line's title (the fixture's or the season ticket's name), with the season mark
 * beside it. A line knows its season ticket but not whether it is a collection: it says season.
 */
export function TaskTitleField(props: FieldProps<MassIssueTask | MassIssueLine>) {
  const record = useRecordContext<MassIssueTask | MassIssueLine>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
      <Typography component="span" variant="body2">
        {record.title}
      </Typography>
      <TaskKindChip kind={taskKind(record)} />
    </Box>
  );
}
