import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
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
import type { SeasonHoldView } from '../../../../api-types';

interface SeasonHoldSummaryProps {
  season: SeasonDetail;
  /** The fan's season hold; nothing is shown while it is empty or unknown. */
  hold: SeasonHoldView | undefined;
}

/**
 * What the fan holds for the season, how long it is kept, and a way to let it go. Paying for a
 * season ticket does not exist yet: instead of a checkout that would lead nowhere, the card and
 * the bottom bar say that payment opens soon, and offer to release the seats.
 */
export function SeasonHoldSummary({ season, hold }: SeasonHoldSummaryProps) {
  const { t } = useTranslation();
  const release = useReleaseSeasonHold(season.id);
  const [expired, setExpired] = useState(false);
  const hasHold = hold !== undefined && hold.seats.length > 0;
  const onRelease = () => {
    setExpired(false);
    release.mutate();
  };
  return (
    <>
      {hasHold && (
        <HoldBar
          count={hold.seats.length}
          total={seasonHoldTotal(hold)}
          expiresAt={hold.expires_at ?? null}
          note={t('seasons.paymentSoonShort')}
          action={
            <Button
              variant="outlined"
              color="error"
              size="large"
              onClick={onRelease}
              loading={release.isPending}
              data-testid="hold-bar-release"
              sx={{ flexShrink: 0, minHeight: 48, bgcolor: 'background.paper' }}
            >
              {t('seasons.release')}
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
          onRelease={onRelease}
          onExpired={() => setExpired(true)}
        />
      )}
      {release.isError && <Alert severity="error">{seasonErrorText(t, release.error)}</Alert>}
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
  onRelease: () => void;
  onExpired: () => void;
}

function SeasonHoldCard({ season, hold, releasing, onRelease, onExpired }: SeasonHoldCardProps) {
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
        <Alert severity="info" data-testid="season-payment-soon">
          <AlertTitle>{t('seasons.paymentSoonTitle')}</AlertTitle>
          {t('seasons.paymentSoon')}
        </Alert>
        <Box>
          <Button
            variant="outlined"
            color="error"
            onClick={onRelease}
            loading={releasing}
            data-testid="release-hold-button"
          >
            {t('seasons.release')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
