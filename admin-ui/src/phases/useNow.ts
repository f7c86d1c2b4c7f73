import { useEffect, useState } from 'react';

/**
 * The time now, read again every `intervalMs`: whether a phase is on now moves with the clock,
 * not only when its data changes.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
