import { defineConfig } from '@rstest/core';

// One command runs every package's tests; each folder's own rstest.config.ts sets its
// environment (happy-dom for UI packages, node for the API, shared helpers and ops).
export default defineConfig({
  // A worker per core: rstest's default leaves one core to its own process, which on a 2-core
  // machine runs the test files one at a time while that process waits.
  pool: { maxWorkers: '100%' },
  // The files of a worker share loaded modules (React and Chakra, Fastify, Drizzle, PGlite's
  // engine) instead of loading them again each: the stage went from 6m20 to 3m45 on two cores.
  // Each API test file builds its own app on its own database, no test replaces a module, and the
  // UI setup (shared/src/testing/setup.ts) empties what a test leaves behind.
  isolate: false,
  projects: [
    'shared',
    'host',
    'remote-masters',
    'remote-sales',
    'remote-payments',
    'ops',
    'api',
    { name: 'scripts', root: 'scripts', testEnvironment: 'node', include: ['*.test.mjs'] },
  ],
});
