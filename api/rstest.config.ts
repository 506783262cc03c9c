import { defineConfig } from '@rstest/core';

// A file named *.pglite.test.ts or *.postgres.test.ts tests what only that database does
// (backups, say); it runs in that database's pass and is not even collected in the other.
const onPostgres = !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  name: 'api',
  testEnvironment: 'node',
  include: ['src/**/*.test.ts'],
  exclude: ['**/node_modules/**', '**/dist/**', onPostgres ? 'src/**/*.pglite.test.ts' : 'src/**/*.postgres.test.ts'],
  // Each test file builds its own database; a fresh PostgreSQL database or PGlite takes seconds.
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
