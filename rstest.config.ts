import { defineConfig } from '@rstest/core';
import { uiProject } from './shared/rstest.ui';

// One command runs every package's tests: the browser packages' in happy-dom (shared/rstest.ui.ts),
// the API's and ops' by their folder's rstest.config.ts in node, and the scripts' in node.
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
    // The browser packages' tests as one project, so one bundle holds one copy of each library as
    // the page does. As a project each, a worker's files shared one page but each area brought its
    // own copy of user-event; two copies both patched a field, and React missed what a later test
    // typed (a price or a cleared date stayed as it was). A package's own rstest.config.ts still
    // runs its tests alone.
    {
      ...uiProject('web', ['{shared,host,remote-masters,remote-sales,remote-payments}/src/**/*.test.{ts,tsx}']),
      root: '.',
    },
    'ops',
    'api',
    { name: 'scripts', root: 'scripts', testEnvironment: 'node', include: ['*.test.mjs'] },
  ],
});
