import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (epoch ms), ticking every second; 0 once it has passed.
 * Never more than `totalSeconds`, even in the instant before the first tick after a new deadline.
 */
export function useCountdown(deadline: number, totalSeconds: number): number {
  const [now, setNow] = useState(() => Date.now());
  // A new deadline (the same moment read again a little later, on a clock offset anew) is counted
  // from now, not from the last tick: otherwise the count runs a second over until the next one.
  const [counted, setCounted] = useState(deadline);
  if (counted !== deadline) {
    setCounted(deadline);
    setNow(() => Date.now());
  }
  const secondsLeft = Math.min(totalSeconds, Math.max(0, Math.ceil((deadline - now) / 1000)));
  const running = secondsLeft > 0;

  useEffect(() => {
    if (!running) {
      return undefined;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline, running]);

  return secondsLeft;
}

/** 119 -> "1:59". */
export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
