import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import { useTranslate } from 'react-admin';
import { useSystemLinks } from '../api/system';
import { NewTabButton } from '../layout/NewTabButton';

/** The live job board (`job_board_url` of the system's links), in a new tab; nothing until it is known. */
export function JobBoardButton() {
  const translate = useTranslate();
  const { data } = useSystemLinks();
  if (data === undefined) {
    return null;
  }
  return (
    <NewTabButton href={data.job_board_url} icon={<ViewKanbanOutlinedIcon />} variant="text" size="small">
      {translate('pages.dashboard.jobs.open_board')}
    </NewTabButton>
  );
}
