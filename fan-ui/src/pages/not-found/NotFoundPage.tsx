import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { MessagePage } from '../../components/MessagePage';

/** Any route the app does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <MessagePage
      icon={<SearchOffIcon />}
      title={t('notFound.title')}
      body={t('notFound.body')}
      action={
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
}
