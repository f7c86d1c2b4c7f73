import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatKickOff } from '../fixtures/format';
import { saleOpensAt, saleState } from '../fixtures/saleState';
import { useUiLanguage } from '../i18n/useUiLanguage';
import type { Fixture } from '../../../api-types';

interface FixtureHeaderProps {
  fixture: Fixture;
  /** Where the back link goes and what it says; the list of fixtures by default. */
  back?: { to: string; label: string };
}

/** The match on top of its pages: who, which competition, when, the per-person limit, warnings. */
export function FixtureHeader({ fixture, back }: FixtureHeaderProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const state = saleState(fixture);
  const notice = state === 'onSale' ? null : saleNotice(fixture);
  const opensAt = saleOpensAt(fixture);
  return (
    <Box component="header" sx={{ display: 'grid', gap: 1 }}>
      <Link
        component={RouterLink}
        to={back?.to ?? '/fixtures/all'}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'start' }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        {back?.label ?? t('fixtures.all')}
      </Link>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {fixture.competition}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {fixture.title}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          <time dateTime={fixture.starts_at}>{formatKickOff(fixture.starts_at, language)}</time>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('fixture.limit', { count: fixture.per_buyer_limit })}
        </Typography>
      </Box>
      {fixture.high_risk && <Alert severity="warning">{t('fixture.highRiskNote')}</Alert>}
      {notice !== null && (
        <Alert severity="info">
          {opensAt === null ? (
            t(notice)
          ) : (
            <>
              {t('fixture.opensAt')} <time dateTime={opensAt}>{formatKickOff(opensAt, language)}</time>
            </>
          )}
        </Alert>
      )}
    </Box>
  );
}

function saleNotice(fixture: Fixture) {
  if (fixture.status === 1) {
    return 'fixture.preparing' as const;
  }
  return fixture.status === 0 ? ('fixture.comingSoon' as const) : ('fixture.unavailable' as const);
}
