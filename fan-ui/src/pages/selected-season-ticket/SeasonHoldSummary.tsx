import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HoldBar } from '../../components/HoldBar';
import { HoldCountdown } from '../../components/HoldCountdown';
import { SuccessToast } from '../../components/SuccessToast';
import { formatCents } from '../../fixtures/format';
import { gateName, sectorName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { seasonKey, type SeasonDetail } from '../../seasons/api';
import { useReleaseSeasonHold } from '../../seasons/useSeasonHoldActions';
import { seasonErrorText } from '../../seasons/errors';
import { useStartSeasonCheckout } from '../../seasons/orders';
import { checkoutErrorText } from '../../orders/errors';
import type { SeasonHoldView } from '../../../../api-types';

interface SeasonHoldSummaryProps {
  season: SeasonDetail;
  /** The fan's season hold; nothing is shown while it is empty or unknown. */
  hold: SeasonHoldView | undefined;
}

/**
 * What the fan holds for the season, how long it is kept, the way on to name the holders and pay
 * ("Procedi": the hold becomes a season order), and a way to let it go.
 */
export function SeasonHoldSummary({ season, hold }: SeasonHoldSummaryProps) {
  const { t } = useTranslation();
  const release = useReleaseSeasonHold(season.id);
  const checkout = useStartSeasonCheckout(season.id);
  const [expired, setExpired] = useState(false);
  const hasHold = hold !== undefined && hold.seats.length > 0;
  const busy = release.isPending || checkout.isPending;
  const onRelease = () => {
    setExpired(false);
    checkout.reset();
    release.mutate();
  };
  const onCheckout = () => {
    release.reset();
    checkout.mutate();
  };
  return (
    <>
      {hasHold && (
        <HoldBar
          count={hold.seats.length}
          total={seasonHoldTotal(hold)}
          expiresAt={hold.expires_at ?? null}
          action={
            <Button
              variant="contained"
              size="large"
              onClick={onCheckout}
              loading={checkout.isPending}
              disabled={busy}
              data-testid="hold-bar-checkout"
              sx={{ flexShrink: 0, minHeight: 48 }}
            >
              {t('seasons.continue')}
            </Button>
          }
        />
      )}
      {hasHold && (
        <SeasonHoldCard
          key={hold.expires_at}
          season={season}
          hold={hold}
          releasing={release.isPending}
          checkingOut={checkout.isPending}
          onRelease={onRelease}
          onCheckout={onCheckout}
          onExpired={() => setExpired(true)}
        />
      )}
      {release.isError && <Alert severity="error">{seasonErrorText(t, release.error)}</Alert>}
      {checkout.isError && (
        <Alert severity="error">
          {/* The hold is gone (expired, or released in another tab): choose the seats again. */}
          {checkout.error instanceof ApiError && checkout.error.code === 'nothing_held'
            ? t('hold.expired')
            : checkoutErrorText(t, checkout.error)}
        </Alert>
      )}
      {!hasHold && expired && <Alert severity="warning">{t('hold.expired')}</Alert>}
      <SuccessToast message={release.isSuccess ? t('seasons.released') : null} onClose={() => release.reset()} />
    </>
  );
}

/** The season price of the held seats (full price: reductions are chosen at payment). */
function seasonHoldTotal(hold: SeasonHoldView): number | null {
  const prices = hold.seats.map((seat) => seat.price_cents ?? null);
  return prices.some((price) => price === null) ? null : prices.reduce<number>((sum, price) => sum + (price ?? 0), 0);
}

interface SeasonHoldCardProps {
  season: SeasonDetail;
  hold: SeasonHoldView;
  releasing: boolean;
  checkingOut: boolean;
  onRelease: () => void;
  onCheckout: () => void;
  onExpired: () => void;
}

function SeasonHoldCard({ season, hold, releasing, checkingOut, onRelease, onCheckout, onExpired }: SeasonHoldCardProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const queryClient = useQueryClient();
  const sectorOf = (code: string) => sectorName(t, code, season.sectors.find((sector) => sector.code === code)?.name ?? code);
  const blockCode = (id: number) =>
    season.sectors.flatMap((sector) => sector.blocks).find((block) => block.id === id)?.code ?? String(id);
  const expiresAt = hold.expires_at ?? null;

  return (
    <Card component="section" aria-labelledby={titleId} data-testid="hold-summary" sx={{ borderColor: 'primary.main' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('hold.title')}
        </Typography>
        {expiresAt !== null && (
          <HoldCountdown
            deadline={Date.parse(expiresAt)}
            onExpired={() => {
              onExpired();
              // The API has let the seats go in every match: show the map and the hold as they are.
              void queryClient.invalidateQueries({ queryKey: seasonKey(season.id) });
            }}
          />
        )}
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {hold.seats.map((seat) => (
            <li key={seat.id}>
              <Typography variant="body2">
                {t('hold.seat', {
                  sector: sectorOf(seat.sector_code),
                  block: blockCode(seat.block_id),
                  row: seat.row,
                  number: seat.number,
                })}{' '}
                · {formatCents(seat.price_cents, language)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('hold.gate', { gate: gateName(t, seat.gate) })}
              </Typography>
            </li>
          ))}
        </Box>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
          {t('hold.total', { price: formatCents(seasonHoldTotal(hold), language) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('seasons.reductionsLater')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            onClick={onCheckout}
            loading={checkingOut}
            disabled={releasing}
            data-testid="season-checkout-button"
          >
            {t('seasons.continue')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            onClick={onRelease}
            loading={releasing}
            disabled={checkingOut}
            data-testid="release-hold-button"
          >
            {t('seasons.release')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
