import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, timesCents } from '../../fixtures/format';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { SeatView } from '../../../../api-types';

interface SeatSelectionProps {
  seats: SeatView[];
  /** Null when the block has no price set. */
  priceCents: number | null;
  /** How many more seats the fan may pick (the per-buyer limit less what is held and picked). */
  remaining: number;
  signedIn: boolean;
  holding: boolean;
  onRemove: (seat: SeatView) => void;
  onHold: () => void;
}

/** The seats the fan has picked, their prices, and the button that holds them. */
export function SeatSelection({ seats, priceCents, remaining, signedIn, holding, onRemove, onHold }: SeatSelectionProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('tickets.selection')}
        </Typography>
        {seats.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('tickets.selectionEmpty')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
            {seats.map((seat) => {
              const name = t('tickets.seatName', { row: seat.row, number: seat.number });
              return (
                <Box component="li" key={seat.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" sx={{ flex: 1 }}>
                    {name}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {formatCents(priceCents, language)}
                  </Typography>
                  <IconButton size="small" aria-label={t('tickets.remove', { seat: name })} onClick={() => onRemove(seat)}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
              );
            })}
          </Box>
        )}
        {seats.length > 0 && (
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
            {t('tickets.total', { price: formatCents(timesCents(priceCents, seats.length), language) })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('tickets.remaining', { count: remaining })}
        </Typography>
        <Button
          variant="contained"
          size="large"
          onClick={onHold}
          disabled={seats.length === 0 || holding}
          data-testid="hold-button"
        >
          {t('tickets.hold')}
        </Button>
        {!signedIn && (
          <Typography variant="caption" color="text.secondary">
            {t('tickets.signInToHold')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
