import { fileURLToPath } from 'node:url';
import { pluginReact } from '@rsbuild/plugin-react';
import { defineConfig } from '@rstest/core';

const setup = fileURLToPath(new URL('./src/testing/setup.ts', import.meta.url));

/** The rstest project of a UI package (the host, a remote, the shared kit): React in happy-dom, one setup. */
export function uiProject(name: string) {
  return defineConfig({
    name,
    plugins: [pluginReact()],
    testEnvironment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [setup],
    // Dialog tests click through many steps in happy-dom; on two busy cores one can pass 5 s.
    testTimeout: 20_000,
  });
}
