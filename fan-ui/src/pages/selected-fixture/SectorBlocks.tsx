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
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { AVAILABILITY_COLOURS } from './availabilityColours';
import { gateName, sectorName } from '../../i18n/serverLabels';
import type { SectorView } from '../../../../api-types';

interface SectorBlocksProps {
  fixtureId: number;
  sector: SectorView;
  /**
   * Why the fan may not buy in this sector now (their pre-emption right opens others): said
   * above its blocks, which do not open.
   */
  closedNote?: string | null;
}

/** The chosen sector: its price, an away note, and its blocks, each leading to its seats. */
export function SectorBlocks({ fixtureId, sector, closedNote = null }: SectorBlocksProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t('fixture.blocksOf', { sector: sectorName(t, sector.code, sector.name) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {sector.free > 0
              ? t('fixture.sectorLabel', {
                  name: sector.code,
                  price: formatCents(sector.from_price_cents, language),
                  count: sector.free,
                })
              : t('fixture.soldOut')}
          </Typography>
        </Box>
        {sector.away && <Alert severity="info">{t('fixture.awayNote')}</Alert>}
        {closedNote !== null && (
          <Alert severity="warning" data-testid="sector-closed">
            {closedNote}
          </Alert>
        )}
        <List disablePadding aria-labelledby={titleId}>
          {sector.blocks.map((block) => {
            const colours = AVAILABILITY_COLOURS[availability(block)];
            const soldOut = block.free <= 0;
            const closed = soldOut || closedNote !== null;
            return (
              <ListItemButton
                key={block.id}
                component={RouterLink}
                to={`/selectedfixturetickets/${fixtureId}?block=${block.id}`}
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
                    soldOut ? t('fixture.soldOut') : t('fixture.blockFree', { free: block.free, capacity: block.capacity }),
                    t('fixture.gate', { gate: gateName(t, block.gate) }),
                    ...(block.no_map ? [t('fixture.standing')] : []),
                  ].join(' · ')}
                />
                <ChevronRightIcon aria-hidden="true" color={closed ? 'disabled' : 'primary'} />
              </ListItemButton>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
