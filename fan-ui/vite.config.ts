import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { searchForWorkspaceRoot } from 'vite';
import path from 'node:path';

const here = import.meta.dirname;
// Where `vite` and `vite preview` send /api (e.g. LARIO_API_URL=http://127.0.0.1:18080 to preview a
// build, gzipped, in front of another running API).
const apiUrl = process.env.LARIO_API_URL ?? 'http://127.0.0.1:8080';

// https://vite.dev/config/
export default defineConfig({
  // The API serves this app at `/` and falls back to index.html for client-side routes.
  base: '/',
  plugins: [react()],
  resolve: {
    // ../ui-theme/theme.ts lives outside this package: its imports must resolve from our
    // node_modules, and to the same copies the app uses (one MUI, one emotion cache).
    dedupe: ['@mui/material', '@mui/system', '@emotion/react', '@emotion/styled', 'react', 'react-dom'],
  },
  server: {
    proxy: {
      '/api': apiUrl,
    },
    fs: {
      // The shared theme and the API's types live beside this package.
      allow: [searchForWorkspaceRoot(here), path.resolve(here, '../ui-theme'), path.resolve(here, '../ui-shared'), path.resolve(here, '../api-types')],
    },
  },
  preview: {
    proxy: {
      '/api': apiUrl,
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '../ui-shared/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Whole pages render in jsdom: give them room on a busy 2-core machine.
    testTimeout: 60_000,
    // Vitest's default on 2 cores is one worker, which leaves a core idle while each file's
    // jsdom and imports load: two keep both busy (admin-ui: 540 s -> 335 s).
    maxWorkers: 2,
    // One environment and module cache per worker, not per file: MUI, the pages and jsdom load once
    // per worker instead of once per file (fan-ui alone: 208 s -> 144 s). src/test/setup.ts
    // puts back what a file may leave behind (storage, URL, language).
    isolate: false,
  },
});
