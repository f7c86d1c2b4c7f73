import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import { EmailList } from './EmailList';
import { EmailShow } from './EmailShow';

/** Outbound e-mails: read-only, for staff to see what was sent to whom and what failed. */
export default {
  list: EmailList,
  show: EmailShow,
  icon: MailOutlinedIcon,
  recordRepresentation: 'subject',
};
