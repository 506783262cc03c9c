import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { remoteBuildOptions, remoteFederation } from '../shared/federation';
import { pluginPrecompress } from '../shared/precompress';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(remoteFederation('sales')), pluginPrecompress()],
  ...remoteBuildOptions('sales'),
});
