import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatKickOff } from '../fixtures/format';
import { useUiLanguage } from '../i18n/useUiLanguage';
import type { FixtureRef } from '../../../api-types';

interface MatchTitleProps {
  /** The match; a season order gives its season's name and label, and `when` for its dates. */
  fixture: Pick<FixtureRef, 'competition' | 'title'> & { starts_at?: string | null };
  /** Said under the title instead of the kick-off (a season's first and last match days). */
  when?: ReactNode;
  /** A link back, above the title. */
  back?: { to: string; label: string };
}

/** The match an order is for, on top of its pages: competition, who, when (the stadium's clock). */
export function MatchTitle({ fixture, back, when }: MatchTitleProps) {
  const language = useUiLanguage();
  return (
    <Box component="header" sx={{ display: 'grid', gap: 1 }}>
      {back !== undefined && (
        <Link
          component={RouterLink}
          to={back.to}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'start' }}
        >
          <ArrowBackIcon fontSize="small" aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <Box>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {fixture.competition}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {fixture.title}
        </Typography>
        {when ??
          (fixture.starts_at && (
            <Typography variant="body1" color="text.secondary">
              <time dateTime={fixture.starts_at}>{formatKickOff(fixture.starts_at, language)}</time>
            </Typography>
          ))}
      </Box>
    </Box>
  );
}
