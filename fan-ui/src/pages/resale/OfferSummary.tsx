import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/FactList';
import { MatchTitle } from '../../components/MatchTitle';
import { formatCents } from '../../fixtures/format';
import { RESALE_NS } from '../../i18n';
import { gateName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { ResaleOffer } from '../../../../api-types';

/** The page's frame: the match, and the way back to it. */
export function ResaleFrame({ offer, children }: { offer: ResaleOffer; children: ReactNode }) {
  const { t } = useTranslation(RESALE_NS);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <MatchTitle
        fixture={{ competition: t('buy.overline'), title: offer.fixture_title, starts_at: offer.starts_at }}
        back={{ to: `/selectedfixture/${offer.fixture_id}`, label: t('buy.backToMatch') }}
      />
      {children}
    </Container>
  );
}

/** The seat on offer: its sector, row and number, gate, price and face value. */
export function OfferSummary({ offer }: { offer: ResaleOffer }) {
  const { t } = useTranslation(RESALE_NS);
  const { t: app } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const facts: [string, string][] = [
    [t('buy.sector'), offer.sector_name],
    [t('buy.seat'), t('buy.seatValue', { row: offer.row, number: offer.number })],
    [t('buy.gate'), gateName(app, offer.gate)],
    [t('buy.price'), formatCents(offer.price_cents, language)],
    [t('buy.faceValue'), formatCents(offer.face_value_cents, language)],
  ];
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="resale-offer-summary">
      <CardContent sx={{ display: 'grid', gap: 1.5, p: { xs: 1.5, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('buy.title')}
        </Typography>
        <FactList facts={facts} />
      </CardContent>
    </Card>
  );
}
