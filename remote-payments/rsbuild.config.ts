import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginAreaSummary } from '../shared/area-summary';
import { remoteBuildOptions, remoteFederation } from '../shared/federation';
import { pluginFederationRuntimeModules } from '../shared/federation-runtime-modules';
import { pluginPrecompress } from '../shared/precompress';
import { PAGES } from './src/pages';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(remoteFederation('payments')),
    // Before compression, so the summary gets its compressed copies like every file of the build.
    pluginAreaSummary({ pages: Object.values(PAGES), locales: ['./src/locales'] }),
    pluginFederationRuntimeModules(),
    pluginPrecompress(),
  ],
  ...remoteBuildOptions('payments'),
});
