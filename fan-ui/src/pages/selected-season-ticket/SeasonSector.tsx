import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCents } from '../../fixtures/format';
import { availability } from '../../fixtures/saleState';
import { fareName, gateName, sectorName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { SeasonDetail } from '../../seasons/api';
import { AVAILABILITY_COLOURS } from '../selected-fixture/availabilityColours';
import { sectorPrices } from './seasonPrices';
import type { SeasonSector as SeasonSectorView } from '../../../../api-types';

interface SeasonSectorProps {
  season: SeasonDetail;
  sector: SeasonSectorView;
  /** Whether its blocks can be opened to pick seats (the season ticket is on sale). */
  interactive: boolean;
  /**
   * Why no seat can be chosen in it now (a change of seat's phase does not open it), said above
   * its blocks, which do not open; null when it is open.
   */
  closedNote?: string | null;
}

/** The chosen sector over the season: its prices (full and each reduction), and its blocks. */
export function SeasonSector({ season, sector, interactive, closedNote = null }: SeasonSectorProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const pricesId = useId();
  const { full, reductions } = sectorPrices(season, sector.code);
  return (
    <Card component="section" aria-labelledby={titleId} data-testid={`season-sector-${sector.code}`}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t('seasons.blocksOf', { sector: sectorName(t, sector.code, sector.name) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {sector.free > 0 ? t('tickets.freePlaces', { count: sector.free }) : t('fixture.soldOut')}
          </Typography>
        </Box>
        {sector.away && <Alert severity="info">{t('fixture.awayNote')}</Alert>}
        {closedNote !== null && (
          <Alert severity="warning" data-testid="sector-closed">
            {closedNote}
          </Alert>
        )}
        <Box>
          <Typography id={pricesId} variant="subtitle2" component="h3">
            {t('seasons.prices')}
          </Typography>
          {full === null && reductions.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('seasons.noPrices')}
            </Typography>
          ) : (
            <Box
              component="dl"
              aria-labelledby={pricesId}
              sx={{ m: 0, mt: 0.5, maxWidth: 360, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.25 }}
            >
              {full !== null && (
                <Box sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
                    {t('seasons.fullPrice')}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
                    {formatCents(full.price_cents, language)}
                  </Typography>
                </Box>
              )}
              {reductions.map((price) => (
                <Box key={price.reduction_id} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2">
                    {t('seasons.reduced', { name: fareName(t, price.reduction_code, price.reduction_name) })}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                    {formatCents(price.price_cents, language)}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          {reductions.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {t('seasons.reductionsLater')}
            </Typography>
          )}
        </Box>
        {/* A sector without a season price is not sold for the season yet: no seat to pick. */}
        {interactive && full !== null && (
          <List disablePadding aria-labelledby={titleId}>
            {sector.blocks.map((block) => {
              const colours = AVAILABILITY_COLOURS[availability(block)];
              const soldOut = block.free <= 0;
              const closed = soldOut || closedNote !== null;
              return (
                <ListItemButton
                  key={block.id}
                  component={RouterLink}
                  to={`/selectedseasonticket/${season.id}?block=${block.id}`}
                  data-testid={`block-${block.id}`}
                  disabled={closed}
                  divider
                  sx={{ gap: 1.5, px: 1 }}
                >
                  <Box
                    aria-hidden="true"
                    sx={{ width: 10, alignSelf: 'stretch', borderRadius: 1, bgcolor: colours.stroke, flexShrink: 0 }}
                  />
                  <ListItemText
                    primary={t('fixture.block', { code: block.code })}
                    secondary={[
                      soldOut
                        ? t('fixture.soldOut')
                        : t('seasons.blockFree', { free: block.free, capacity: block.capacity }),
                      t('fixture.gate', { gate: gateName(t, block.gate) }),
                    ].join(' · ')}
                  />
                  <ChevronRightIcon aria-hidden="true" color={closed ? 'disabled' : 'primary'} />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
