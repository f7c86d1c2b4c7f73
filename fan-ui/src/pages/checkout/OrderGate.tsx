import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client';
import { Loading } from '../../components/Loading';
import { MessagePage } from '../../components/MessagePage';
import { QueryFailed } from '../../components/QueryFailed';
import { useOrder } from '../../orders/api';
import type { Order } from '../../../../api-types';

interface OrderGateProps {
  id: string;
  /** Read the order again every `everyMs` until `until` says it has settled. */
  poll?: { everyMs: number; until: (order: Order) => boolean };
  children: (order: Order) => ReactNode;
}

/**
 * Reads the fan's order and shows `children` with it; a spinner meanwhile, "order not found"
 * for an unknown id (or someone else's: the API answers both with 404), any other failure with
 * a retry.
 */
export function OrderGate({ id, poll, children }: OrderGateProps) {
  const order = useOrder(id, poll);
  if (order.isPending) {
    return <Loading />;
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return <OrderNotFound />;
    }
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <QueryFailed error={order.error} onRetry={() => void order.refetch()} />
      </Container>
    );
  }
  return children(order.data);
}

function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={<SearchOffIcon />}
      title={t('checkout.notFoundTitle')}
      body={t('errors.order_not_found')}
      action={
        <Button component={RouterLink} to="/fixtures/all" variant="contained" size="large">
          {t('fixtures.all')}
        </Button>
      }
    />
  );
}
