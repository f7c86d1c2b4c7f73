import Typography from '@mui/material/Typography';
import { Trans } from 'react-i18next';
import { formatMatchDay } from '../fixtures/format';
import { useUiLanguage } from '../i18n/useUiLanguage';

/** "Dal 13 dicembre 2026 al 29 agosto 2027": the first and last match days, in Rome. */
export function SeasonDates({ first, last }: { first: string | null; last: string | null }) {
  const language = useUiLanguage();
  if (first === null || last === null) {
    return null;
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="season-dates">
      <Trans
        i18nKey="seasons.dates"
        values={{ first: formatMatchDay(first, language), last: formatMatchDay(last, language) }}
        components={{ first: <time dateTime={first} />, last: <time dateTime={last} /> }}
      />
    </Typography>
  );
}
