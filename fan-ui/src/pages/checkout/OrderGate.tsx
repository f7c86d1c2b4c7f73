import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client';
import { Loading } from '../../components/Loading';
import { MessagePage } from '../../components/MessagePage';
import { QueryFailed } from '../../components/QueryFailed';
import { useOrder, type OrderPoll } from '../../orders/api';

interface OrderGateProps<T, K extends QueryKey> {
  id: string;
  /** How the order is read: a match's (`orderQuery`), a season ticket's (`seasonOrderQuery`). */
  query: (id: string) => UseQueryOptions<T, Error, T, K>;
  /** Read the order again every `everyMs` until `until` says it has settled. */
  poll?: OrderPoll<T>;
  /** Where "order not found" offers to go: the matches, or the season tickets. */
  browse?: { to: string; label: string };
  children: (order: T) => ReactNode;
}

/**
 * Reads the fan's order and shows `children` with it; a spinner meanwhile, "order not found"
 * for an unknown id (or someone else's: the API answers both with 404), any other failure with
 * a retry.
 */
export function OrderGate<T, K extends QueryKey>({ id, query, poll, browse, children }: OrderGateProps<T, K>) {
  const order = useOrder(query(id), poll);
  if (order.isPending) {
    return <Loading />;
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return <OrderNotFound browse={browse} />;
    }
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <QueryFailed error={order.error} onRetry={() => void order.refetch()} />
      </Container>
    );
  }
  return children(order.data);
}

function OrderNotFound({ browse }: { browse: OrderGateProps<unknown, QueryKey>['browse'] }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={<SearchOffIcon />}
      title={t('checkout.notFoundTitle')}
      body={t('errors.order_not_found')}
      action={
        <Button component={RouterLink} to={browse?.to ?? '/fixtures/all'} variant="contained" size="large">
          {browse?.label ?? t('fixtures.all')}
        </Button>
      }
    />
  );
}
