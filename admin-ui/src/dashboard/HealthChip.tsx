import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

/** Green "OK" or red "Down" for one part of the system. */
export function HealthChip({ ok }: { ok: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={ok ? 'success' : 'error'}
      icon={ok ? <CheckCircleIcon /> : <ErrorIcon />}
      label={translate(ok ? 'pages.dashboard.status.ok' : 'pages.dashboard.status.not_ok')}
    />
  );
}
