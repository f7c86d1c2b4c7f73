import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMaintenance } from '../../auth/useSession';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { MessagePage } from '../../components/MessagePage';

/** How often a waiting fan's page asks whether the maintenance is over. */
const MAINTENANCE_POLL_MS = 15_000;

/**
 * Maintenance (`/maintenance`): where fans wait while the ticket office is being updated. The page
 * asks the API every few seconds, and when the fan comes back to the tab, whether it is over, and
 * then goes home by itself; staff, who keep working, are not kept here.
 */
export default function MaintenancePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('maintenance.title'));
  const { settings, on } = useMaintenance({
    refetchInterval: MAINTENANCE_POLL_MS,
    // A fan back on the tab after a while is told at once, not at the next tick.
    refetchOnWindowFocus: 'always',
  });
  if (on === false) {
    return <Navigate to="/" replace />;
  }
  return (
    <MessagePage
      icon={<ConstructionIcon />}
      title={t('maintenance.title')}
      body={t('maintenance.body')}
      action={
        <Button
          variant="contained"
          size="large"
          loading={settings.isFetching}
          onClick={() => void settings.refetch()}
          data-testid="maintenance-retry"
        >
          {t('maintenance.retry')}
        </Button>
      }
    />
  );
}
