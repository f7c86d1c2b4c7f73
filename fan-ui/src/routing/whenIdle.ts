/** How long `whenIdle` waits at most for an idle moment. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * Runs `task` once the page has loaded and the main thread is idle (at most a few seconds
 * later): for what only a later step needs, kept out of the first page's way.
 */
export function whenIdle(task: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(task, 0);
    }
  };
  if (document.readyState === 'complete') {
    idle();
  } else {
    window.addEventListener('load', idle, { once: true });
  }
}
