import { defineConfig } from '@rstest/core';

export default defineConfig({
  name: 'ops',
  testEnvironment: 'node',
  include: ['src/**/*.test.mjs'],
});
