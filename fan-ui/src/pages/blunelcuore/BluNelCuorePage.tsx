import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { cardApplicationsQuery } from '../../cards/applications';
import { QueryListSection } from '../../components/QueryListSection';
import { SuccessToast } from '../../components/SuccessToast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { SUPPORTER_CARD_NS } from '../../i18n';
import { CardApplicationForm } from './CardApplicationForm';
import { CardApplicationItem } from './CardApplicationItem';

/**
 * The club's supporter card "Blu nel Cuore" (`/blunelcuore`): the fan's applications, for
 * themselves or a family member, where each stands and the issued cards' PDFs; and the form to
 * apply, the holder's identity asked for as the fan's own is, with a photo seen as the card
 * prints it before sending; signed-in fans only.
 */
export default function BluNelCuorePage() {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  useDocumentTitle(t('page.title'));
  return (
    <RequireSignIn>
      <CardApplications />
    </RequireSignIn>
  );
}

function CardApplications() {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  const applications = useQuery(cardApplicationsQuery);
  const [sent, setSent] = useState(false);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Button component={RouterLink} to="/myaccount" size="small" startIcon={<ArrowBackIcon />}>
          {t('page.back')}
        </Button>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('page.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('page.intro')}
        </Typography>
      </Box>
      <QueryListSection
        title={t('list.title')}
        query={applications}
        empty={t('list.empty')}
        emptyTestId="card-applications-empty"
        keyOf={(application) => application.id}
      >
        {(application) => <CardApplicationItem application={application} />}
      </QueryListSection>
      <CardApplicationForm onSent={() => setSent(true)} />
      <SuccessToast message={sent ? t('form.sent') : null} onClose={() => setSent(false)} placement="top" />
    </Container>
  );
}
