import CreditCardOffOutlinedIcon from '@mui/icons-material/CreditCardOffOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { MessagePage } from '../../components/MessagePage';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { parseOrderId } from '../../orders/params';
import NotFoundPage from '../not-found/NotFoundPage';

/** The card was refused (`/checkout/declined/{id}`): nothing was charged; back to try again. */
export default function DeclinedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('declined.title'));
  const id = parseOrderId(useParams().id);
  if (id === null) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <MessagePage
        icon={<CreditCardOffOutlinedIcon />}
        title={t('declined.title')}
        body={t('declined.body')}
        action={
          <Button component={RouterLink} to={`/checkout/${id}`} variant="contained" size="large" data-testid="retry-payment">
            {t('declined.retry')}
          </Button>
        }
      />
    </RequireSignIn>
  );
}
