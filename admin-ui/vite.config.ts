import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { searchForWorkspaceRoot } from 'vite';
import path from 'node:path';

const here = import.meta.dirname;

// https://vite.dev/config/
export default defineConfig({
  // The API serves this app under /admin and falls back to /admin/index.html for deep links.
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // ../ui-theme/theme.ts lives outside this package: its imports must resolve from our
    // node_modules, and to the same copies react-admin uses (one MUI, one emotion cache).
    dedupe: ['@mui/material', '@mui/system', '@emotion/react', '@emotion/styled', 'react', 'react-dom'],
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
    fs: {
      // The shared theme and the API's types live beside this package.
      allow: [searchForWorkspaceRoot(here), path.resolve(here, '../ui-theme'), path.resolve(here, '../ui-shared'), path.resolve(here, '../api-types')],
    },
  },
  build: {
    // A staff tool used on office desktops: react-admin and MUI make one ~1 MB bundle, which is
    // fine there and not worth splitting by hand.
    chunkSizeWarningLimit: 1600,
  },
  preview: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // react-admin renders a lot in jsdom: give the slower component tests room on a 2-core machine.
    testTimeout: 60_000,
    // Vitest's default on 2 cores is one worker, which leaves a core idle while each file's
    // jsdom and imports load: two keep both busy (admin-ui: 540 s -> 335 s).
    maxWorkers: 2,
    // One environment and module cache per worker, not per file: react-admin, MUI and jsdom load
    // once per worker instead of once per file (admin-ui alone: 377 s -> 261 s). src/test/setup.ts
    // puts back what a file may leave behind (storage, URL, language).
    isolate: false,
  },
});
