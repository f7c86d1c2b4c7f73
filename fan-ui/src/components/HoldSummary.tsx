import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixtureKey, heldCount } from '../fixtures/api';
import { onSaleErrorText } from '../fixtures/errors';
import { isPreemptionRefusal } from '../fixtures/rights';
import { formatCents, timesCents } from '../fixtures/format';
import { useCancelHold, useStartCheckout } from '../fixtures/useHoldActions';
import { useUiLanguage } from '../i18n/useUiLanguage';
import { checkoutErrorText } from '../orders/errors';
import { HoldBar } from './HoldBar';
import { HoldCountdown } from './HoldCountdown';
import { PreemptionRefusal } from './PreemptionRefusal';
import { SuccessToast } from './SuccessToast';
import { gateName, sectorName } from '../i18n/serverLabels';
import type { FixtureDetail, HoldView } from '../../../api-types';

interface HoldSummaryProps {
  fixture: FixtureDetail;
  /** The fan's hold on this fixture; nothing is shown while it is empty or unknown. */
  hold: HoldView | undefined;
}

/** What the fan holds on this fixture, how long it is kept, a way on to checkout and a way to let it go. */
export function HoldSummary({ fixture, hold }: HoldSummaryProps) {
  const { t } = useTranslation();
  const cancel = useCancelHold(fixture.id);
  const checkout = useStartCheckout(fixture.id);
  const [expired, setExpired] = useState(false);
  const hasHold = hold !== undefined && heldCount(hold) > 0;
  const busy = cancel.isPending || checkout.isPending;
  const onCheckout = () => {
    cancel.reset();
    checkout.mutate();
  };
  return (
    <>
      {hasHold && (
        <HoldBar
          count={heldCount(hold)}
          total={holdTotal(hold)}
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
              {t('hold.checkout')}
            </Button>
          }
        />
      )}
      {hasHold && (
        <HoldCard
          key={hold.expires_at}
          fixture={fixture}
          hold={hold}
          busy={busy}
          checkingOut={checkout.isPending}
          onCheckout={onCheckout}
          onCancel={() => {
            setExpired(false);
            checkout.reset();
            cancel.mutate();
          }}
          onExpired={() => setExpired(true)}
        />
      )}
      {cancel.isError && <Alert severity="error">{onSaleErrorText(t, cancel.error)}</Alert>}
      {checkout.isError &&
        // Only fans with a right may buy now, or the right is in another fan's order.
        (isPreemptionRefusal(checkout.error) ? (
          <PreemptionRefusal error={checkout.error} />
        ) : (
          <Alert severity="error">{checkoutErrorText(t, checkout.error)}</Alert>
        ))}
      {!hasHold && expired && <Alert severity="warning">{t('hold.expired')}</Alert>}
      <SuccessToast message={cancel.isSuccess ? t('hold.cancelled') : null} onClose={() => cancel.reset()} />
    </>
  );
}

/**
 * What the hold costs at the prices shown (full price: the fare is chosen at checkout); null when
 * a place has no price (the API's null).
 */
function holdTotal(hold: HoldView): number | null {
  const prices = [
    ...hold.seats.map((seat) => seat.price_cents ?? null),
    ...hold.standing.map((places) => timesCents(places.price_cents, places.quantity)),
  ];
  return prices.some((price) => price === null) ? null : prices.reduce<number>((sum, price) => sum + (price ?? 0), 0);
}

interface HoldCardProps {
  fixture: FixtureDetail;
  hold: HoldView;
  /** Cancelling, or turning the hold into an order: the buttons wait. */
  busy: boolean;
  checkingOut: boolean;
  onCheckout: () => void;
  onCancel: () => void;
  onExpired: () => void;
}

function HoldCard({ fixture, hold, busy, checkingOut, onCheckout, onCancel, onExpired }: HoldCardProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const queryClient = useQueryClient();
  const sectorOf = (code: string) => sectorName(t, code, fixture.sectors.find((sector) => sector.code === code)?.name ?? code);
  const blockCode = (id: number) =>
    fixture.sectors.flatMap((sector) => sector.blocks).find((block) => block.id === id)?.code ?? String(id);
  const total = holdTotal(hold);
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
              // The API has let the seats go: show the map and the hold as they are now.
              void queryClient.invalidateQueries({ queryKey: fixtureKey(fixture.id) });
            }}
          />
        )}
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {hold.seats.map((seat) => (
            <li key={`seat-${seat.id}`}>
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
          {hold.standing.map((places) => (
            <li key={`block-${places.block_id}`}>
              <Typography variant="body2">
                {t('hold.standing', { sector: sectorOf(places.sector_code), count: places.quantity })} ·{' '}
                {formatCents(timesCents(places.price_cents, places.quantity), language)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('hold.gate', { gate: gateName(t, places.gate) })}
              </Typography>
            </li>
          ))}
        </Box>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
          {t('hold.total', { price: formatCents(total, language) })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            onClick={onCheckout}
            loading={checkingOut}
            disabled={busy}
            data-testid="checkout-button"
          >
            {t('hold.checkout')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            onClick={onCancel}
            disabled={busy}
            data-testid="cancel-hold-button"
          >
            {t('hold.cancel')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
