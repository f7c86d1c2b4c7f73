import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatCents } from '../../fixtures/format';
import { RESALE_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { WalletMatch } from '../../../../api-types';

interface SeasonMatchResaleProps {
  lineId: number;
  match: WalletMatch;
  /** The match is ahead (as the wallet was opened). */
  ahead: boolean;
  /** It is being passed on now. */
  transferring: boolean;
}

/**
 * A season seat's match on resale, as the wallet says it: "Metti in rivendita" (a valid match
 * ahead, neither passed on nor on resale), "In rivendita a 45,00 €" (its page), "Venduta:
 * cessione in corso", or "Rivenduta" beside whom it was passed on to.
 */
export function SeasonMatchResale({ lineId, match, ahead, transferring }: SeasonMatchResaleProps) {
  const { t } = useTranslation(RESALE_NS);
  const language = useUiLanguage();
  const resale = match.resale;
  const stateId = `season-resale-state-${match.fixture_id}`;
  const page = `/resale_season/${lineId}/${match.fixture_id}`;
  if (resale?.state === 'listed') {
    return (
      <Link component={RouterLink} to={page} variant="body2" sx={{ display: 'block', fontWeight: 600 }} data-testid={stateId}>
        {t('wallet.listed', { price: formatCents(resale.price_cents, language) })}
        <VisuallyHidden>: {match.title}</VisuallyHidden>
      </Link>
    );
  }
  if (resale?.state === 'sold' || resale?.state === 'completed') {
    return (
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={stateId}>
        {t(resale.state === 'sold' ? 'wallet.sold' : 'wallet.completed')}
      </Typography>
    );
  }
  if (match.state !== 'valid' || !ahead || transferring) {
    return null;
  }
  return (
    <Button
      component={RouterLink}
      to={page}
      size="small"
      startIcon={<SellOutlinedIcon />}
      data-testid={`season-resale-${match.fixture_id}`}
      sx={{ px: 0, justifyContent: 'flex-start' }}
    >
      {t('wallet.offer')}
      <VisuallyHidden>: {match.title}</VisuallyHidden>
    </Button>
  );
}
