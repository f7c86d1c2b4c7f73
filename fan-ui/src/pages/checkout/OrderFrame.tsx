import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HoldCountdown } from '../../components/HoldCountdown';
import { MessagePage } from '../../components/MessagePage';

/** Where a page sends the fan back to: the match's stadium, the season ticket's page. */
export interface BackLink {
  to: string;
  label: string;
}

/** The time left to pay, stuck under the app bar: in view while the fan types the holders. */
export function CheckoutTimer({ expiresAt, onExpired }: { expiresAt: string; onExpired: () => void }) {
  return (
    <Box
      data-testid="checkout-timer"
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: 2,
        mx: { xs: -1.5, sm: 0 },
        px: { xs: 1.5, sm: 2 },
        py: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        boxShadow: 1,
        borderRadius: { xs: 0, sm: 1 },
      }}
    >
      <HoldCountdown deadline={Date.parse(expiresAt)} onExpired={onExpired} />
    </Box>
  );
}

/** The time to pay ran out: the seats were let go, and the way back to choose again. */
export function HoldExpiredAlert({ back }: { back: BackLink }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={back.to}>
          {back.label}
        </Button>
      }
    >
      {t('errors.hold_expired')}
    </Alert>
  );
}

/** An order that was cancelled: its seats are on sale again. */
export function CancelledOrder({ back }: { back: BackLink }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={<RemoveShoppingCartOutlinedIcon />}
      title={t('checkout.cancelledTitle')}
      body={t('checkout.cancelledBody')}
      action={
        <Button component={RouterLink} to={back.to} variant="contained" size="large">
          {back.label}
        </Button>
      }
    />
  );
}
