import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    environment: 'node',
    // A journey drives a real browser against a real server on a 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One browser at a time: journeys share the server and its data.
    fileParallelism: false,
  },
});
