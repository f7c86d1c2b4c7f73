import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Availability } from '../../fixtures/saleState';
import { AVAILABILITY_COLOURS } from './availabilityColours';

const LEVELS: readonly Availability[] = ['plenty', 'few', 'none'];

/** What the sector colours mean. */
export function AvailabilityLegend() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('fixture.legend')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 2 }}
    >
      {LEVELS.map((level) => (
        <Box component="li" key={level} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            aria-hidden="true"
            sx={{
              width: 16,
              height: 16,
              borderRadius: 0.5,
              bgcolor: AVAILABILITY_COLOURS[level].fill,
              border: `2px solid ${AVAILABILITY_COLOURS[level].stroke}`,
            }}
          />
          <Typography variant="body2">{t(`fixture.availability.${level}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
