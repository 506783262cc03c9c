import { defineConfig } from '@rstest/core';

// The cluster drills (src/cluster/cluster.spec.mjs): one cluster of real servers for the whole
// file, started and deleted by it, so its own stage after the build (scripts/test-all.mjs).
export default defineConfig({
  name: 'cluster',
  testEnvironment: 'node',
  include: ['src/cluster/*.spec.mjs'],
  testTimeout: 180_000,
  hookTimeout: 300_000,
});
