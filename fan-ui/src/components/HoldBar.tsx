import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../fixtures/format';
import { useUiLanguage } from '../i18n/useUiLanguage';
import { HoldCountdown } from './HoldCountdown';

/** The room the bar takes at least; the page keeps this much (or the bar's real height) free below. */
export const HOLD_BAR_MIN_HEIGHT = 72;

interface HoldBarProps {
  /** How many places are held. */
  count: number;
  /** What they cost; null when a place has no price. */
  total: number | null;
  /** When the hold ends (ISO), if the API said. */
  expiresAt: string | null;
  /** A short line under the countdown (the season flow says payment opens soon). */
  note?: ReactNode;
  /** The next step: a button (to checkout in a match, to release a season's seats). */
  action: ReactNode;
}

/**
 * A bar fixed at the bottom of the screen while the fan holds seats: how many, the time left and
 * the next step ("Procedi all'acquisto" for a match). On a phone the hold's card is far above a 700-seat map, so without it
 * the next step is off-screen right after holding. The page is padded by the bar's height, so it
 * never covers the end of the page.
 */
export function HoldBar({ count, total, expiresAt, note, action }: HoldBarProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const bar = useRef<HTMLDivElement>(null);
  useReservedBottom(bar);
  return (
    <Paper
      ref={bar}
      component="aside"
      elevation={8}
      square
      aria-label={t('hold.barLabel')}
      data-testid="hold-bar"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 'appBar',
        minHeight: HOLD_BAR_MIN_HEIGHT,
        borderTop: 2,
        borderColor: 'primary.main',
        // Clear of the phone's home indicator.
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <Container
        maxWidth="md"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25, px: { xs: 1.5, sm: 3 } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="hold-bar-count">
            {t('hold.barCount', { count, price: formatCents(total, language) })}
          </Typography>
          {expiresAt !== null && <HoldCountdown deadline={Date.parse(expiresAt)} variant="compact" />}
          {note !== undefined && (
            <Typography variant="caption" component="p" color="text.secondary" data-testid="hold-bar-note">
              {note}
            </Typography>
          )}
        </Box>
        {action}
      </Container>
    </Paper>
  );
}

/** Pads the page's bottom by the element's height while it is shown, so nothing hides under it. */
function useReservedBottom(element: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const body = document.body;
    const before = body.style.paddingBottom;
    const reserve = () => {
      const height = Math.max(HOLD_BAR_MIN_HEIGHT, element.current?.offsetHeight ?? 0);
      body.style.paddingBottom = `${height}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    if (element.current !== null) {
      observer?.observe(element.current);
    }
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = before;
    };
  }, [element]);
}
