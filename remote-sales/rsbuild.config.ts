import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTE_DEV_PORTS, remoteBuildDefine, remoteFederation } from '../shared/federation';

const port = REMOTE_DEV_PORTS.sales;

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(remoteFederation('sales'))],
  source: { entry: { index: './src/index.ts' }, define: remoteBuildDefine() },
  html: { title: 'Sales (standalone) · Admin System' },
  // 'auto': chunks load relative to mf-manifest.json, so a release works from any versioned folder or origin.
  output: { assetPrefix: 'auto', distPath: { root: 'dist' } },
  dev: { assetPrefix: `http://localhost:${port}/` },
  server: {
    port,
    // The host's dev server (another port) loads this remote's manifest and chunks.
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: { '/api': 'http://localhost:3000' },
  },
});
