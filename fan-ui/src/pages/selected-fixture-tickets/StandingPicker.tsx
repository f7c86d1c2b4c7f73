import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, timesCents } from '../../fixtures/format';
import { useUiLanguage } from '../../i18n/useUiLanguage';

interface StandingPickerProps {
  free: number;
  /** Null when the block has no price set. */
  priceCents: number | null;
  /** The most the fan may hold here: the per-buyer limit left, and the places left. */
  max: number;
  quantity: number;
  signedIn: boolean;
  holding: boolean;
  interactive: boolean;
  onQuantity: (quantity: number) => void;
  onHold: () => void;
}

/** A block with no seat map (standing): how many places, their price, and the hold button. */
export default function StandingPicker(props: StandingPickerProps) {
  const { free, priceCents, max, quantity, signedIn, holding, interactive, onQuantity, onHold } = props;
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const choices = Array.from({ length: Math.max(0, max) }, (_, index) => index + 1);
  const chosen = Math.min(quantity, max);
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('tickets.standingTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('tickets.standingIntro')} {t('tickets.freePlaces', { count: free })}
        </Typography>
        {interactive && choices.length > 0 && (
          <>
            <TextField
              select
              label={t('tickets.quantity')}
              value={chosen}
              onChange={(event) => onQuantity(Number(event.target.value))}
              sx={{ maxWidth: 200 }}
            >
              {choices.map((choice) => (
                <MenuItem key={choice} value={choice}>
                  {choice}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {t('tickets.total', { price: formatCents(timesCents(priceCents, chosen), language) })}
            </Typography>
          </>
        )}
        <Button
          variant="contained"
          size="large"
          onClick={onHold}
          disabled={!interactive || chosen < 1 || holding}
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
