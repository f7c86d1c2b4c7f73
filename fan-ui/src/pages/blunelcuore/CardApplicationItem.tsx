import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { cardPdfUrl, cardPhotoUrl } from '../../cards/applications';
import { FactList } from '../../components/FactList';
import { formatDay, formatMatchDay } from '../../fixtures/format';
import { SUPPORTER_CARD_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { CardApplication } from '../../../../api-types';

/** The states that did not end in a card (the refusal, when there is one, says why). */
const REFUSED_STATES: readonly CardApplication['state'][] = ['refused', 'rejected'];

/**
 * One application: the holder's photo as the card prints it, whose card it is, where it stands
 * and, once issued, its number, its expiry and its PDFs; refused, why.
 */
export function CardApplicationItem({ application }: { application: CardApplication }) {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  const language = useUiLanguage();
  const name = `${application.first_name} ${application.last_name}`.trim();
  const issued = application.state === 'issued';

  const facts: [string, string][] = [
    [t('list.relationship'), t(`relationships.${application.relationship}`)],
    [t('list.requested'), formatMatchDay(application.created_at, language)],
  ];
  if (application.card_number) {
    facts.push([t('list.number'), application.card_number]);
  }
  if (application.expires_on) {
    facts.push([t('list.validUntil'), formatDay(application.expires_on, language)]);
  }
  const refused = REFUSED_STATES.includes(application.state) || Boolean(application.refusal_code);

  return (
    <Card variant="outlined" data-testid="card-application-row">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: { xs: 2, sm: 2.5 } }}>
        <Box
          component="img"
          src={cardPhotoUrl(application.id)}
          alt={t('list.photo', { name })}
          width={70}
          height={90}
          sx={{ flexShrink: 0, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
        />
        <Box sx={{ display: 'grid', gap: 1, minWidth: 0, flexGrow: 1 }}>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Typography
              variant="body2"
              sx={{ fontWeight: 600 }}
              color={issued ? 'success.main' : refused ? 'error.main' : 'text.secondary'}
              data-testid="card-application-state"
            >
              {t(`states.${application.state}`)}
            </Typography>
          </Box>
          <FactList facts={facts} />
          {refused && (
            <Alert severity="warning" data-testid="card-application-refusal">
              <Refusal application={application} />
            </Alert>
          )}
          {issued && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                component="a"
                href={cardPdfUrl(application.id, 'full', language)}
                variant="outlined"
                size="small"
                data-testid="card-pdf-full"
              >
                {t('list.pdfFull')}
              </Button>
              <Button component="a" href={cardPdfUrl(application.id, 'small', language)} size="small" data-testid="card-pdf-small">
                {t('list.pdfSmall')}
              </Button>
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Why there is no card: the police check, a card the person has already, or staff's words. */
function Refusal({ application }: { application: CardApplication }) {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  switch (application.refusal_code) {
    case 'police_refused':
      return t('refusals.police_refused');
    case 'card_exists':
      return (
        <>
          {t('refusals.card_exists')}{' '}
          <Link component={RouterLink} to="/myaccount/supporter-cards" color="inherit">
            {t('refusals.card_existsLink')}
          </Link>
        </>
      );
    case 'rejected_by_staff': {
      const note = application.refusal_note?.trim();
      return note ? t('refusals.rejected_by_staff_note', { note }) : t('refusals.rejected_by_staff');
    }
    default:
      return t('refusals.other');
  }
}
