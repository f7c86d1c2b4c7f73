import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { useSupporterCards } from '../../cards/api';
import { MAX_CARDS } from '../../cards/types';
import { QueryListSection } from '../../components/QueryListSection';
import { SuccessToast } from '../../components/SuccessToast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { SUPPORTER_CARD_NS } from '../../i18n';
import { AddCardForm } from './AddCardForm';
import { SupporterCardItem } from './SupporterCardItem';

/**
 * The fan's supporter cards (`/myaccount/supporter-cards`, tessera del tifoso): their own and
 * their family's, added with the card's number and its holder's birth date; signed-in fans only.
 */
export default function SupporterCardsPage() {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  useDocumentTitle(t('supporterCards.title'));
  return (
    <RequireSignIn>
      <SupporterCards />
    </RequireSignIn>
  );
}

/** Which confirmation to show, translated when shown (the language may change meanwhile). */
type Done = { kind: 'added' | 'removed'; number: string };

function SupporterCards() {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  const cards = useSupporterCards();
  const [done, setDone] = useState<Done | null>(null);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Button component={RouterLink} to="/myaccount" size="small" startIcon={<ArrowBackIcon />}>
          {t('supporterCards.backToAccount')}
        </Button>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('supporterCards.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('supporterCards.intro', { max: MAX_CARDS })}
        </Typography>
      </Box>
      <QueryListSection
        title={t('supporterCards.listTitle')}
        query={cards}
        empty={t('supporterCards.empty')}
        emptyTestId="cards-empty"
        keyOf={(card) => card.id}
      >
        {(card) => <SupporterCardItem card={card} onRemoved={() => setDone({ kind: 'removed', number: card.card_number })} />}
      </QueryListSection>
      <AddCardForm onAdded={(card) => setDone({ kind: 'added', number: card.card_number })} />
      <SuccessToast
        message={done === null ? null : t(`supporterCards.${done.kind}`, { number: done.number })}
        onClose={() => setDone(null)}
        placement="top"
      />
    </Container>
  );
}
