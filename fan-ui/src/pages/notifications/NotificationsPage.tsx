import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { formatDateTime } from '../../fixtures/format';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { allRead, markNotificationsRead, notificationsKey, useNotifications } from '../../orders/api';
import type { FanNotification, Notifications } from '../../../../api-types';

/** Notifications (`/notifications`): what happened to the fan's orders; opening it reads them all. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.title'));
  return (
    <RequireSignIn>
      <Notifications />
    </RequireSignIn>
  );
}

function Notifications() {
  const { t } = useTranslation();
  const notifications = useNotifications(true);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        {t('notifications.title')}
      </Typography>
      {notifications.isPending && <Loading />}
      {notifications.isError && <QueryFailed error={notifications.error} onRetry={() => void notifications.refetch()} />}
      {notifications.data !== undefined && <NotificationItems list={notifications.data} />}
    </Container>
  );
}

/** The list as first read: what was unread then keeps its "new" mark while the page is open. */
function NotificationItems({ list }: { list: Notifications }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [unreadWhenOpened] = useState(() => new Set(list.items.filter((item) => !item.read).map((item) => item.id)));
  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.setQueryData<Notifications>(notificationsKey, (current) => current && allRead(current)),
  });
  const { mutate } = markRead;
  const anyUnread = list.unread > 0;
  const marked = useRef(false);
  useEffect(() => {
    // Once per visit, even when development's strict mode runs effects twice.
    if (anyUnread && !marked.current) {
      marked.current = true;
      mutate();
    }
  }, [anyUnread, mutate]);

  if (list.items.length === 0) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }} data-testid="notifications-empty">
        <NotificationsNoneOutlinedIcon aria-hidden="true" />
        <Typography variant="body1">{t('notifications.empty')}</Typography>
      </Box>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {list.items.map((item) => (
        <li key={item.id}>
          <NotificationCard notification={item} fresh={unreadWhenOpened.has(item.id)} />
        </li>
      ))}
    </Box>
  );
}

function NotificationCard({ notification, fresh }: { notification: FanNotification; fresh: boolean }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  return (
    <Card
      data-testid={`notification-${notification.id}`}
      sx={{ borderLeft: 4, borderLeftColor: fresh ? 'primary.main' : 'transparent' }}
    >
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            <time dateTime={notification.created_at}>{formatDateTime(notification.created_at, language)}</time>
          </Typography>
          {fresh && <Chip label={t('notifications.new')} color="primary" size="small" />}
        </Box>
        <Typography variant="body1" sx={{ fontWeight: fresh ? 700 : 400 }}>
          {notificationText(t, notification)}
        </Typography>
        {notification.kind === 'tickets_issued' && (
          <Link component={RouterLink} to="/wallet/" sx={{ justifySelf: 'start' }}>
            {t('notifications.openWallet')}
          </Link>
        )}
        {notification.kind !== 'tickets_issued' && notification.order_id && (
          <Link component={RouterLink} to={`/checkout/thankyou/${notification.order_id}`} sx={{ justifySelf: 'start' }}>
            {t('notifications.openOrder')}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** The notification in the fan's words, from its kind and its params. */
function notificationText(t: TFunction, notification: FanNotification): string {
  // The API's params are any JSON: the match's title and the tickets' count, when there.
  const params: unknown = notification.params;
  const known = typeof params === 'object' && params !== null;
  const fixture = known && 'fixture' in params && typeof params.fixture === 'string' ? params.fixture : '';
  const count = known && 'count' in params && typeof params.count === 'number' ? params.count : 1;
  switch (notification.kind) {
    case 'tickets_issued':
      return t('notifications.kinds.tickets_issued', { count, fixture });
    case 'order_refunded':
      return t('notifications.kinds.order_refunded', { fixture });
    case 'issue_failed':
      return t('notifications.kinds.issue_failed', { fixture });
    default:
      return t('notifications.kinds.other');
  }
}
