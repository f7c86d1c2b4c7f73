import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { MessagePage } from '../../components/MessagePage';

/** Maintenance (`/maintenance`): where fans land while the ticket office is being updated. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('maintenance.title'));
  return (
    <MessagePage
      icon={<ConstructionIcon />}
      title={t('maintenance.title')}
      body={t('maintenance.body')}
      action={
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t('maintenance.retry')}
        </Button>
      }
    />
  );
}
