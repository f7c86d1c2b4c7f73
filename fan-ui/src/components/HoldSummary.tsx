import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixtureKey, heldCount } from '../fixtures/api';
import { onSaleErrorText } from '../fixtures/errors';
import { formatCents } from '../fixtures/format';
import type { FixtureDetail, Hold } from '../fixtures/types';
import { useCancelHold } from '../fixtures/useHoldActions';
import { formatSeconds, useCountdown } from '../hooks/useCountdown';
import { useUiLanguage } from '../i18n/useUiLanguage';
import { SuccessToast } from './SuccessToast';

/** How long a hold lasts (spec: fan side, section 9: now plus 1800 s). */
export const HOLD_SECONDS = 1800;

interface HoldSummaryProps {
  fixture: FixtureDetail;
  /** The fan's hold on this fixture; nothing is shown while it is empty or unknown. */
  hold: Hold | undefined;
}

/** What the fan holds on this fixture, how long it is kept, and a way to let it go. */
export function HoldSummary({ fixture, hold }: HoldSummaryProps) {
  const { t } = useTranslation();
  const cancel = useCancelHold(fixture.id);
  const [expired, setExpired] = useState(false);
  const hasHold = hold !== undefined && heldCount(hold) > 0;
  return (
    <>
      {hasHold && (
        <HoldCard
          key={hold.expires_at}
          fixture={fixture}
          hold={hold}
          cancelling={cancel.isPending}
          onCancel={() => {
            setExpired(false);
            cancel.mutate();
          }}
          onExpired={() => setExpired(true)}
        />
      )}
      {cancel.isError && <Alert severity="error">{onSaleErrorText(t, cancel.error)}</Alert>}
      {!hasHold && expired && <Alert severity="warning">{t('hold.expired')}</Alert>}
      <SuccessToast message={cancel.isSuccess ? t('hold.cancelled') : null} onClose={() => cancel.reset()} />
    </>
  );
}

interface HoldCardProps {
  fixture: FixtureDetail;
  hold: Hold;
  cancelling: boolean;
  onCancel: () => void;
  onExpired: () => void;
}

function HoldCard({ fixture, hold, cancelling, onCancel, onExpired }: HoldCardProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const queryClient = useQueryClient();
  const sectorName = (code: string) => fixture.sectors.find((sector) => sector.code === code)?.name ?? code;
  const blockCode = (id: number) =>
    fixture.sectors.flatMap((sector) => sector.blocks).find((block) => block.id === id)?.code ?? String(id);
  const total =
    hold.seats.reduce((sum, seat) => sum + seat.price_cents, 0) +
    hold.standing.reduce((sum, places) => sum + places.quantity * places.price_cents, 0);

  return (
    <Card component="section" aria-labelledby={titleId} data-testid="hold-summary" sx={{ borderColor: 'primary.main' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('hold.title')}
        </Typography>
        {hold.expires_at !== null && (
          <HoldCountdown
            deadline={Date.parse(hold.expires_at)}
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
                  sector: sectorName(seat.sector_code),
                  block: blockCode(seat.block_id),
                  row: seat.row,
                  number: seat.number,
                })}{' '}
                · {formatCents(seat.price_cents, language)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('hold.gate', { gate: seat.gate })}
              </Typography>
            </li>
          ))}
          {hold.standing.map((places) => (
            <li key={`block-${places.block_id}`}>
              <Typography variant="body2">
                {t('hold.standing', { sector: sectorName(places.sector_code), count: places.quantity })} ·{' '}
                {formatCents(places.quantity * places.price_cents, language)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('hold.gate', { gate: places.gate })}
              </Typography>
            </li>
          ))}
        </Box>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
          {t('hold.total', { price: formatCents(total, language) })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Tooltip title={t('hold.checkoutSoon')}>
            {/* A disabled button gets no pointer events: the span lets the tooltip show. */}
            <span>
              <Button variant="contained" disabled>
                {t('hold.checkout')}
              </Button>
            </span>
          </Tooltip>
          <Button variant="outlined" color="error" onClick={onCancel} disabled={cancelling} data-testid="cancel-hold-button">
            {t('hold.cancel')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** "We keep them for you for 29:41", ticking; tells once when the time is up. */
function HoldCountdown({ deadline, onExpired }: { deadline: number; onExpired: () => void }) {
  const { t } = useTranslation();
  const secondsLeft = useCountdown(deadline, HOLD_SECONDS);
  const expired = secondsLeft === 0;
  const expire = useEffectEvent(onExpired);
  useEffect(() => {
    if (expired) {
      expire();
    }
  }, [expired]);
  return (
    <Typography
      variant="body2"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, color: expired ? 'error.main' : 'text.primary' }}
    >
      <TimerOutlinedIcon fontSize="small" aria-hidden="true" />
      <span role="timer" data-testid="hold-countdown">
        {expired ? t('hold.expired') : t('hold.timer', { time: formatSeconds(secondsLeft) })}
      </span>
    </Typography>
  );
}
