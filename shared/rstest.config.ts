import { pluginReact } from '@rsbuild/plugin-react';
import { defineConfig } from '@rstest/core';

// happy-dom for the UI facade and the stores; the pure helpers run in it just as well.
export default defineConfig({
  name: 'shared',
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['./rstest.setup.ts'],
});
