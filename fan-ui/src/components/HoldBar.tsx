import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { heldCount } from '../fixtures/api';
import { formatCents } from '../fixtures/format';
import { useUiLanguage } from '../i18n/useUiLanguage';
import { HoldCountdown } from './HoldCountdown';
import type { HoldView } from '../../../api-types';

/** The room the bar takes at least; the page keeps this much (or the bar's real height) free below. */
export const HOLD_BAR_MIN_HEIGHT = 72;

interface HoldBarProps {
  hold: HoldView;
  total: number | null;
  busy: boolean;
  checkingOut: boolean;
  onCheckout: () => void;
}

/**
 * A bar fixed at the bottom of the screen while the fan holds seats: how many, the time left and
 * "Procedi all'acquisto". On a phone the hold's card is far above a 700-seat map, so without it
 * the next step is off-screen right after holding. The page is padded by the bar's height, so it
 * never covers the end of the page.
 */
export function HoldBar({ hold, total, busy, checkingOut, onCheckout }: HoldBarProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const bar = useRef<HTMLDivElement>(null);
  useReservedBottom(bar);
  const expiresAt = hold.expires_at ?? null;
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
            {t('hold.barCount', { count: heldCount(hold), price: formatCents(total, language) })}
          </Typography>
          {expiresAt !== null && <HoldCountdown deadline={Date.parse(expiresAt)} variant="compact" />}
        </Box>
        <Button
          variant="contained"
          size="large"
          onClick={onCheckout}
          loading={checkingOut}
          disabled={busy}
          data-testid="hold-bar-checkout"
          sx={{ flexShrink: 0, minHeight: 48 }}
        >
          {t('hold.checkout')}
        </Button>
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
