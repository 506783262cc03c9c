import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { HOST_DEV_PORT, REMOTE_DEV_PORTS, sharedSingletons } from '../shared/federation';
import { pluginFederationRuntimeModules } from '../shared/federation-runtime-modules';
import { pluginPrecompress } from '../shared/precompress';
import { systemGlobalCss } from '../shared/src/ui/global-css';
import { GLOBAL_CSS_ATTRIBUTE } from '../shared/src/ui/system';
import { pluginFirstLoad } from './first-load';

// Used by `pnpm --filter host dev` only: the remotes' own dev servers instead of released versions.
const devPlatform = {
  apiBaseUrl: '/api',
  remotes: Object.fromEntries(
    Object.entries(REMOTE_DEV_PORTS).map(([name, port]) => [
      name,
      { version: 'dev', entry: `http://localhost:${port}/mf-manifest.json` },
    ]),
  ),
};

/**
 * The shared modules the sign-in page runs. They are eager: built into the page's first scripts
 * (the entry and two files beside it, named in index.html) instead of one chunk each fetched by the
 * Module Federation runtime after the entry ran, about fifteen files and a round trip fewer. The
 * remotes still get them through the share scope (docs/architecture.md, "The first load"). axios
 * is not one: the API client loads it as staff start typing (shared/src/api/client.ts).
 */
const SIGN_IN_SHARED = new Set([
  'react',
  'react-dom',
  '@emotion/react',
  'zustand',
  '@admin/shared/api',
  '@admin/shared/auth',
  '@admin/shared/i18n',
  '@admin/shared/ui',
]);

const shared = Object.fromEntries(
  Object.entries(sharedSingletons()).map(([name, options]) => [
    name,
    SIGN_IN_SHARED.has(name) ? { ...options, eager: true } : options,
  ]),
);

/**
 * What only signed-in pages use from node_modules and the shared package (TanStack Query, the
 * ui-kit and the Chakra parts only it uses, the contract's schemas and formats
 * the kit shares with the pages) in one file, instead of a dozen chunks of one shared module each,
 * and no module in two files (the ui-kit is both provided and consumed, two chunk groups). React
 * DOM's client and its scheduler stay out, and so does everything the sign-in page's bootstrap
 * chunk runs: the sign-in page starts with them. Language catalogues load alone, one per language,
 * and so do the words of amounts, which only printed sheets load (shared/src/ui-kit/print), and the
 * form library, which the dashboard does without (shared/src/ui-kit/resource/form-library.ts).
 */
const SIGNED_IN_LIBRARIES =
  /node_modules[\\/]\.pnpm[\\/](?!react-dom@|scheduler@)|shared[\\/]src[\\/](?!.*[\\/]locales[\\/])/;
const NOT_SIGNED_IN_LIBRARIES = new Set(['bootstrap', 'amount-in-words', 'form-library']);
const signedInChunk = (chunk: { name?: string | null; canBeInitial(): boolean }) =>
  !chunk.canBeInitial() && !NOT_SIGNED_IN_LIBRARIES.has(chunk.name ?? '');

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'host',
      // No remote is named at build time: platform.json decides at run time which releases load.
      remotes: {},
      shared,
      // What the host already loaded (its React, its facades) is what the remotes get.
      shareStrategy: 'loaded-first',
      // The one Module Federation runtime of the page: remotes' release builds use it rather than
      // each carrying its own (docs/architecture.md, "The shared runtime"). The host only ever runs
      // in a browser: its runtime leaves out the code for Node (the page's entry 46.6 -> 42.5 KB).
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      runtimePlugins: [fileURLToPath(new URL('./src/common/remotes/retry-plugin.ts', import.meta.url))],
      dts: false,
    }),
    pluginFirstLoad(),
    pluginFederationRuntimeModules(),
    pluginPrecompress(),
  ],
  source: { entry: { index: './src/index.ts' } },
  // The page's language for screen readers, and an icon so browsers stop asking for /favicon.ico.
  // The style system's global CSS (reset, base styles, every token's custom property) is built
  // into the page: it styles the first paint, and the app neither computes nor inserts it when it
  // starts (docs/decisions.md, "The style system's global CSS is built with the page").
  html: {
    title: 'Admin System',
    template: './index.html',
    favicon: './src/favicon.svg',
    tags: [{ tag: 'style', attrs: { [GLOBAL_CSS_ATTRIBUTE]: true }, children: systemGlobalCss() }],
  },
  output: { distPath: { root: 'dist' } },
  splitChunks: {
    preset: 'default',
    chunks: 'all',
    cacheGroups: {
      signedInLibraries: {
        test: SIGNED_IN_LIBRARIES,
        name: 'lib-signed-in',
        chunks: signedInChunk,
        enforce: true,
        priority: 20,
      },
      // The form library with the kit's file that loads it: one file, one request.
      formLibrary: {
        test: /node_modules[\\/]\.pnpm[\\/](react-hook-form|@hookform\+resolvers)@/,
        name: 'form-library',
        chunks: 'async',
        enforce: true,
        priority: 30,
      },
    },
  },
  // The host's own files carry their SHA-384 too: index.html's script and link tags, and the
  // digests of its lazily loaded chunks in its chunk loader.
  security: { sri: { enable: 'auto', algorithm: 'sha384' } },
  server: {
    port: HOST_DEV_PORT,
    proxy: { '/api': 'http://localhost:3000' },
    setup: (context) => {
      if (context.action !== 'dev') return;
      context.server.middlewares.use(
        (req: { url?: string }, res: import('node:http').ServerResponse, next: () => void) => {
          if (req.url?.split('?')[0] !== '/platform.json') return next();
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(devPlatform));
        },
      );
    },
  },
});
