import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the real server as a child process under faults — kill -9, its
 * PostgreSQL stopped and started, a full disk, SIGTERM — and two instances behind nginx.
 * One file at a time: each starts servers and databases of its own.
 */
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['tests/faults/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
