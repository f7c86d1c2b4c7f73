import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { preloadRoute } from './preload';

/** public/early-data.js, run as index.html runs it. */
const earlyData = readFileSync(path.resolve(import.meta.dirname, '../../public/early-data.js'), 'utf8');

/** The API paths asked for, with fetch answering nothing (the reads stay pending). */
function askedFor(run: () => void): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return new Promise<Response>(() => undefined);
    }),
  );
  run();
  return urls.sort();
}

describe('public/early-data.js', () => {
  afterEach(() => {
    delete window.__larioEarlyData;
    window.history.replaceState(null, '', '/');
  });

  it.each([
    '/',
    '/selectedfixture/7',
    '/selectedfixturetickets/7?block=3',
    '/selectedfixturetickets/7',
    '/fixtures/season',
    '/selectedseasonticket/10000',
    '/selectedseasonticket/10000?block=18',
    '/checkout/01a2162f-3aaf-7435-be18-9e6e28ef1d28',
    '/checkout/thankyou/01a2162f-3aaf-7435-be18-9e6e28ef1d28',
    '/vrocheck/01a2162f-3aaf-7435-be18-9e6e28ef1d28',
    '/wallet',
    '/selectedfixture/abc',
    '/queue/fixture/7',
    '/queue/season/10000',
    '/queue/other/7',
  ])('asks for what preloadRoute asks for on %s', (url) => {
    window.history.replaceState(null, '', url);
    const early = askedFor(() => new Function(earlyData)());
    expect(Object.keys(window.__larioEarlyData ?? {}).sort()).toEqual(early);
    // The app takes those answers over: it asks for nothing more.
    expect(askedFor(() => preloadRoute(createQueryClient(), window.location))).toEqual([]);
    // And without them it asks for the same.
    delete window.__larioEarlyData;
    expect(askedFor(() => preloadRoute(createQueryClient(), window.location))).toEqual(early);
  });
});
