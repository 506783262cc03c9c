import { defineConfig } from '@rstest/core';

export default defineConfig({
  name: 'api',
  testEnvironment: 'node',
  include: ['src/**/*.test.ts'],
  // Each test file builds its own database; a fresh PostgreSQL database or PGlite takes seconds.
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
