import { pluginReact } from '@rsbuild/plugin-react';
import { defineConfig } from '@rstest/core';

export default defineConfig({
  name: 'remote-sales',
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['./rstest.setup.ts'],
  // Dialog tests click through many steps in happy-dom; on two busy cores one can pass 5 s.
  testTimeout: 20_000,
});
