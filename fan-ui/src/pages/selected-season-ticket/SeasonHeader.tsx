import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatKickOff } from '../../fixtures/format';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { SeasonDetail } from '../../seasons/api';
import { SeasonDates } from '../../seasons/SeasonDates';
import { seasonOnSale } from '../../seasons/saleState';

interface SeasonHeaderProps {
  season: SeasonDetail;
  /** Where the back link goes and what it says; the list of season tickets by default. */
  back?: { to: string; label: string };
}

/**
 * The season ticket on top of its page: its name and label, how many matches and from when to
 * when, the per-person limit, and the matches themselves in a list the fan opens when wanted.
 */
export function SeasonHeader({ season, back }: SeasonHeaderProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = season.fixtures.length;
  return (
    <Box component="header" sx={{ display: 'grid', gap: 1 }}>
      <Link
        component={RouterLink}
        to={back?.to ?? '/fixtures/season'}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'start' }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        {back?.label ?? t('seasons.all')}
      </Link>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {season.label}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {season.name}
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {t('seasons.matches', { count })}
        </Typography>
        <SeasonDates first={season.first_match_at ?? null} last={season.last_match_at ?? null} />
        <Typography variant="body2" color="text.secondary">
          {t('seasons.limit', { count: season.per_buyer_limit })}
        </Typography>
      </Box>
      {count > 0 && (
        <Box>
          <Button
            variant="text"
            size="small"
            onClick={() => setOpen((was) => !was)}
            aria-expanded={open}
            aria-controls={listId}
            endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ px: 0.5, minHeight: 44 }}
          >
            {open ? t('seasons.hideMatches') : t('seasons.showMatches', { count })}
          </Button>
          <Box
            component="ol"
            id={listId}
            hidden={!open}
            aria-label={t('seasons.matchList')}
            sx={{
              m: 0,
              mt: 0.5,
              p: 0,
              listStyle: 'none',
              display: open ? 'grid' : 'none',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
            }}
          >
            {season.fixtures.map((match, index) => (
              <Box
                component="li"
                key={match.id}
                sx={{
                  px: 1.5,
                  py: 1,
                  borderTop: index === 0 ? 0 : 1,
                  borderColor: 'divider',
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr auto' },
                  columnGap: 2,
                }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {match.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ gridRow: { sm: 'span 2' }, alignSelf: 'center' }}>
                  <time dateTime={match.starts_at}>{formatKickOff(match.starts_at, language)}</time>
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {match.competition}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {!seasonOnSale(season) && (
        <Alert severity="info">{season.status === 1 ? t('seasons.preparing') : t('seasons.notOnSale')}</Alert>
      )}
    </Box>
  );
}
