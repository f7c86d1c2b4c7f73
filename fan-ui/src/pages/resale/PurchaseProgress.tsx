import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiCode } from '../../api/client';
import { Loading } from '../../components/Loading';
import { formatCents } from '../../fixtures/format';
import { RESALE_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { walletKey } from '../../orders/api';
import { checkoutErrorText } from '../../orders/errors';
import { useResalePurchase } from '../../resale/api';
import { resalePath } from '../../resale/flow';
import { OfferSummary, ResaleFrame } from './OfferSummary';
import type { ResalePurchase } from '../../../../api-types';

/** Where a purchase is, as the buyer is told. */
type Stage = 'checking' | 'expired' | 'issuing' | 'done' | 'refunded';

function stageOf(purchase: ResalePurchase): Stage {
  if (purchase.transfer_state === 'refused' || purchase.state === 'refunding' || purchase.state === 'refunded') {
    return 'refunded';
  }
  if (purchase.transfer_state === 'done') {
    return 'done';
  }
  if (purchase.state === 'paid') {
    return 'issuing';
  }
  return purchase.reserved_until ? 'checking' : 'expired';
}

/**
 * A purchase of a seat on resale, after paying (`/resale/{id}?purchase={purchase}`): read every
 * 1.5 s while the payment is checked and the ticket issued (by the season seat's change of
 * holder), then that it is in the wallet with its seal, or that it could not be issued and the
 * buyer is refunded.
 */
export function PurchaseProgress({ resaleId, purchaseId }: { resaleId: string; purchaseId: string }) {
  const { t } = useTranslation(RESALE_NS);
  const { t: app } = useTranslation();
  const purchase = useResalePurchase(purchaseId);

  if (purchase.data === undefined) {
    if (purchase.isError) {
      return (
        <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void purchase.refetch()}>
                {app('errors.retry')}
              </Button>
            }
          >
            {isApiCode(purchase.error, 'purchase_not_found') ? t('purchase.notFound') : checkoutErrorText(app, purchase.error)}
          </Alert>
        </Container>
      );
    }
    return <Loading />;
  }
  return (
    <ResaleFrame offer={purchase.data.offer}>
      <Typography variant="h5" component="h2">
        {t('purchase.title')}
      </Typography>
      <Outcome resaleId={resaleId} purchase={purchase.data} />
      <OfferSummary offer={purchase.data.offer} />
    </ResaleFrame>
  );
}

function Outcome({ resaleId, purchase }: { resaleId: string; purchase: ResalePurchase }) {
  const { t } = useTranslation(RESALE_NS);
  const language = useUiLanguage();
  const queryClient = useQueryClient();
  const stage = stageOf(purchase);
  const name = `${purchase.holder.first_name} ${purchase.holder.last_name}`;

  useEffect(() => {
    if (stage === 'done') {
      // The new ticket is in the wallet.
      void queryClient.invalidateQueries({ queryKey: walletKey });
    }
  }, [stage, queryClient]);

  switch (stage) {
    case 'done':
      return (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Alert severity="success" role="status" data-testid="resale-purchase-done" sx={{ width: '100%', boxSizing: 'border-box' }}>
            <AlertTitle>{t('purchase.done')}</AlertTitle>
            <Box component="p" sx={{ m: 0 }}>
              {t('purchase.doneBody', { name, match: purchase.offer.fixture_title })}
            </Box>
            {purchase.seal && (
              <Box component="p" sx={{ m: 0, mt: 1 }} data-testid="resale-purchase-seal">
                {t('purchase.seal', { seal: purchase.seal })}
              </Box>
            )}
          </Alert>
          <Button component={RouterLink} to="/wallet/" variant="contained" startIcon={<AccountBalanceWalletOutlinedIcon />}>
            {t('purchase.toWallet')}
          </Button>
        </Box>
      );
    case 'refunded':
      return (
        <Alert severity="error" data-testid="resale-purchase-refunded">
          <AlertTitle>{t('purchase.refunded')}</AlertTitle>
          {t('purchase.refundedBody', { price: formatCents(purchase.price_cents, language) })}
        </Alert>
      );
    case 'expired':
      return (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Alert severity="warning" data-testid="resale-purchase-expired" sx={{ width: '100%', boxSizing: 'border-box' }}>
            <AlertTitle>{t('purchase.expired')}</AlertTitle>
            {t('purchase.expiredBody')}
          </Alert>
          <Button component={RouterLink} to={resalePath(resaleId)} variant="outlined">
            {t('purchase.again')}
          </Button>
        </Box>
      );
    default:
      return (
        <Card data-testid={stage === 'issuing' ? 'resale-purchase-progress' : 'resale-purchase-checking'}>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', p: { xs: 1.5, sm: 3 } }}>
            <CircularProgress size={32} aria-hidden="true" sx={{ flexShrink: 0 }} />
            <Box role="status">
              <Typography variant="h6" component="p">
                {t(stage === 'issuing' ? 'purchase.issuing' : 'purchase.checking')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {stage === 'issuing' ? t('purchase.issuingBody', { name }) : t('purchase.checkingBody')}
              </Typography>
            </Box>
          </CardContent>
        </Card>
      );
  }
}
