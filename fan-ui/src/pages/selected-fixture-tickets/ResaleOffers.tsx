import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatCents } from '../../fixtures/format';
import { RESALE_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { resalePath, useFixtureResales } from '../../resale/listed';

/**
 * "Posti in rivendita": the match's season seats on resale a fan may buy now, cheapest first,
 * each with its price and face value and a way to its offer. Not shown when there is none (nor
 * when they could not be read: the seat map is what the page is for).
 */
export function ResaleOffers({ fixtureId }: { fixtureId: number }) {
  const { t } = useTranslation(RESALE_NS);
  const language = useUiLanguage();
  const titleId = useId();
  const resales = useFixtureResales(fixtureId);
  const items = resales.data ?? [];
  if (items.length === 0) {
    return null;
  }
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="resale-offers">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t('list.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('list.intro')}
          </Typography>
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {items.map((item) => {
            const seat = t('list.seat', { sector: item.sector_name, label: item.seat_label });
            return (
              <Box
                component="li"
                key={item.id}
                data-testid={`resale-offer-${item.id}`}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {seat}
                  </Typography>
                  <Typography variant="body2">
                    <Box component="span" sx={{ fontWeight: 700 }}>
                      {formatCents(item.price_cents, language)}
                    </Box>{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      ({t('list.faceValue', { price: formatCents(item.face_value_cents, language) })})
                    </Box>
                  </Typography>
                </Box>
                <Button component={RouterLink} to={resalePath(item.id)} size="small" endIcon={<ChevronRightIcon />}>
                  {t('list.open')}
                  <VisuallyHidden>: {seat}</VisuallyHidden>
                </Button>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
