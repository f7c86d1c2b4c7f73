import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "You are back online!" stays on screen (spec: fan side, section 8). */
export const BACK_ONLINE_NOTICE_MS = 3000;

type NetworkStatus = 'online' | 'offline' | 'backOnline';

/**
 * The offline notice: red while the browser is offline, then green for three seconds once it is
 * back. Nothing is shown while online.
 */
export function OnlineStatusNotice() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<NetworkStatus>(() =>
    navigator.onLine ? 'online' : 'offline',
  );

  useEffect(() => {
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    const cancelHide = () => {
      if (hideTimer !== undefined) {
        clearTimeout(hideTimer);
        hideTimer = undefined;
      }
    };
    const goneOffline = () => {
      cancelHide();
      setStatus('offline');
    };
    const backOnline = () => {
      cancelHide();
      setStatus('backOnline');
      hideTimer = setTimeout(() => {
        hideTimer = undefined;
        setStatus('online');
      }, BACK_ONLINE_NOTICE_MS);
    };
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    return () => {
      cancelHide();
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
    };
  }, []);

  if (status === 'online') {
    return null;
  }
  const offline = status === 'offline';
  return (
    <Box
      sx={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 16,
        mx: 'auto',
        maxWidth: 480,
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <Alert
        variant="filled"
        severity={offline ? 'error' : 'success'}
        role={offline ? 'alert' : 'status'}
        sx={{ boxShadow: 3, fontWeight: 600 }}
      >
        {offline ? t('network.offline') : t('network.backOnline')}
      </Alert>
    </Box>
  );
}
