import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSeconds, useCountdown } from '../hooks/useCountdown';

/** How long a hold lasts (spec: fan side, section 9: now plus 1800 s). */
export const HOLD_SECONDS = 1800;

interface HoldCountdownProps {
  /** When the seats are let go, epoch ms. */
  deadline: number;
  onExpired?: () => void;
  /** `compact`: the time alone (the fixed bar of a phone), named in full for screen readers. */
  variant?: 'full' | 'compact';
}

/**
 * "We keep them for you for 29:41", ticking; tells once when the time is up. The seats a fan
 * holds and the order they become share the one deadline.
 */
export function HoldCountdown({ deadline, onExpired, variant = 'full' }: HoldCountdownProps) {
  const { t } = useTranslation();
  const secondsLeft = useCountdown(deadline, HOLD_SECONDS);
  const expired = secondsLeft === 0;
  const expire = useEffectEvent(() => onExpired?.());
  useEffect(() => {
    if (expired) {
      expire();
    }
  }, [expired]);
  const text = expired ? t('hold.expired') : t('hold.timer', { time: formatSeconds(secondsLeft) });
  if (variant === 'compact') {
    return (
      <Typography
        variant="body2"
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700, color: expired ? 'error.main' : 'inherit' }}
      >
        <TimerOutlinedIcon fontSize="small" aria-hidden="true" />
        <span role="timer" aria-label={text} data-testid="hold-bar-countdown">
          {expired ? t('hold.expiredShort') : formatSeconds(secondsLeft)}
        </span>
      </Typography>
    );
  }
  return (
    <Typography
      variant="body2"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, color: expired ? 'error.main' : 'text.primary' }}
    >
      <TimerOutlinedIcon fontSize="small" aria-hidden="true" />
      <span role="timer" data-testid="hold-countdown">
        {text}
      </span>
    </Typography>
  );
}
