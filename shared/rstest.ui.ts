import { fileURLToPath } from 'node:url';
import { pluginReact } from '@rsbuild/plugin-react';
import { defineConfig } from '@rstest/core';

const setup = fileURLToPath(new URL('./src/testing/setup.ts', import.meta.url));

/**
 * The rstest project of a UI package (the host, a remote, the shared kit): React in happy-dom, one
 * setup. `include` names the test files from the project's root; a package's own are under src.
 */
export function uiProject(name: string, include = ['src/**/*.test.{ts,tsx}']) {
  return defineConfig({
    name,
    plugins: [pluginReact()],
    testEnvironment: 'happy-dom',
    include,
    setupFiles: [setup],
    // Dialog tests click through many steps in happy-dom; on two busy cores one can pass 5 s.
    testTimeout: 20_000,
  });
}
