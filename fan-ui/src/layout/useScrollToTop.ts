import { useEffect, useEffectEvent } from 'react';
import { useNavigationType } from 'react-router';

/**
 * Back at the top of the page when the fan goes somewhere new (`key` changes on a link or a
 * redirect). Without it a page opened from a card low on the previous one opened scrolled as far
 * down, its title out of sight. Back and forward (POP) leave the browser's own scroll alone.
 */
export function useScrollToTop(key: string): void {
  const navigationType = useNavigationType();
  const scroll = useEffectEvent(() => {
    if (navigationType !== 'POP') {
      (document.scrollingElement ?? document.documentElement).scrollTop = 0;
    }
  });
  useEffect(() => {
    scroll();
  }, [key]);
}
