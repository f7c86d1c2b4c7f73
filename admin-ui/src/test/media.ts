import { vi } from 'vitest';

/**
 * A phone's screen (390 px): every media query on a maximum width matches, as MUI's
 * `breakpoints.down(...)` (useMediaQuery) asks it; none on a minimum width. jsdom has no
 * matchMedia, so without this every page renders as on a desktop. Undone after each test
 * (vitest's unstubGlobals).
 */
export function onAPhone() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: /max-width/.test(query) && !/min-width/.test(query),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}
