import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCents } from '../../fixtures/format';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { seasonOnSale } from '../../seasons/saleState';
import { SeasonDates } from '../../seasons/SeasonDates';
import { SeasonPhaseLine } from '../../seasons/SeasonPhaseLine';
import type { SeasonTicket } from '../../../../api-types';

/**
 * One season ticket: its name, how many matches, from when to when, the sale's phase on now,
 * the lowest full price.
 */
export function SeasonTicketCard({ season }: { season: SeasonTicket }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const onSale = seasonOnSale(season);
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, display: 'grid', gap: 0.5, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
            {season.label}
          </Typography>
          <Chip
            size="small"
            color={onSale ? 'success' : 'primary'}
            variant={onSale ? 'filled' : 'outlined'}
            label={t(onSale ? 'fixtures.status.onSale' : 'fixtures.status.comingSoon')}
          />
        </Box>
        <Typography id={titleId} variant="h6" component="h2">
          {season.name}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('seasons.matches', { count: season.matches })}
        </Typography>
        <SeasonDates first={season.first_match_at ?? null} last={season.last_match_at ?? null} />
        <SeasonPhaseLine seasonId={season.id} />
        {!onSale && (
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5, color: 'primary.main' }}>
            {t('seasons.preparing')}
          </Typography>
        )}
        {typeof season.from_price_cents === 'number' && (
          <Typography variant="body1" sx={{ fontWeight: 600, mt: 0.5 }}>
            {t('seasons.from', { price: formatCents(season.from_price_cents, language) })}
          </Typography>
        )}
      </CardContent>
      {onSale && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            component={RouterLink}
            to={`/selectedseasonticket/${season.id}`}
            variant="contained"
            fullWidth
            aria-label={t('seasons.chooseFor', { name: season.name })}
          >
            {t('seasons.choose')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
