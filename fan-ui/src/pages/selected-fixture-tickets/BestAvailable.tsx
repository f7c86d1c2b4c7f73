import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface BestAvailableProps {
  /** How many seats the fan may still hold (the per-buyer limit less what is held). */
  max: number;
  holding: boolean;
  onHold: (quantity: number) => void;
}

/**
 * "Best available": the fan asks for N seats and the server holds N adjacent free seats in one
 * row of the block (`POST /api/fixtures/{id}/hold` with `{block_id, quantity}`), quicker on a
 * phone than picking seats one by one on a wide map.
 */
export function BestAvailable({ max, holding, onHold }: BestAvailableProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const quantityId = useId();
  const [quantity, setQuantity] = useState(Math.min(2, Math.max(1, max)));
  const chosen = Math.min(quantity, max);
  const choices = Array.from({ length: Math.max(0, max) }, (_, index) => index + 1);
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="best-available">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t('tickets.best.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tickets.best.intro')}
          </Typography>
        </Box>
        {max < 1 ? (
          <Typography variant="body2">{t('tickets.best.none')}</Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-end' }}>
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              <Typography component="label" htmlFor={quantityId} variant="body2" color="text.secondary">
                {t('tickets.quantity')}
              </Typography>
              {/*
                The phone's own picker, without MUI's TextField and its menu: their code (~25 kB)
                was most of what the seat map page waited for before it could draw.
              */}
              <Box
                component="select"
                id={quantityId}
                value={chosen}
                onChange={(event: ChangeEvent<HTMLSelectElement>) => setQuantity(Number(event.target.value))}
                data-testid="best-quantity"
                sx={{
                  width: 120,
                  minHeight: 44,
                  px: 1.5,
                  font: 'inherit',
                  color: 'text.primary',
                  bgcolor: 'background.paper',
                  border: 1,
                  // 4.6:1 on white: the box's edge is seen (WCAG's 3:1 for controls).
                  borderColor: 'grey.600',
                  borderRadius: 1,
                  '&:hover': { borderColor: 'text.primary' },
                  '&:focus-visible': { outline: (theme) => `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
                }}
              >
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </Box>
            </Box>
            <Button
              variant="contained"
              onClick={() => onHold(chosen)}
              disabled={holding}
              data-testid="best-available-button"
              sx={{ minHeight: 44 }}
            >
              {t('tickets.best.hold', { count: chosen })}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
