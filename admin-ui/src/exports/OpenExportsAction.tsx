import Button from '@mui/material/Button';
import { useBasename, useCloseNotification, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { EXPORTS_PATH } from './types';

/** The "export started" message's link to the exports list; following it closes the message. */
export function OpenExportsAction() {
  const translate = useTranslate();
  const basename = useBasename();
  const close = useCloseNotification();
  return (
    <Button component={Link} to={`${basename}${EXPORTS_PATH}`} onClick={close} color="inherit" size="small">
      {translate('resources.exports.notifications.open_list')}
    </Button>
  );
}
