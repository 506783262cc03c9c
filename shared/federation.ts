// Module Federation settings every app (host and remotes) builds with, so that all four declare
// the same singletons with the same requirements. Read by each app's rsbuild.config.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('./package.json', import.meta.url)), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function range(name: string): string {
  const spec = pkg.dependencies[name] ?? pkg.devDependencies[name];
  if (!spec) throw new Error(`@admin/shared does not depend on ${name}`);
  return /^\d/.test(spec) ? `^${spec}` : spec;
}

/** The stateful entry points of @admin/shared: one instance each for the whole page. */
export const SHARED_ENTRY_POINTS = ['api', 'query', 'ui', 'ui-kit', 'router', 'auth', 'i18n'] as const;

/**
 * The two UI facades and the texts' facade. A remote's release build leaves them out (`import:
 * false`) and always runs the host's copies: two Chakra copies on one page break the provider's
 * context, and a remote's own copy could otherwise replace the host's. A copy of the texts' facade
 * would also put the host's core catalogues (its contract messages, the kit's words) into the
 * area's catalogue file, which the dashboard waits for: 6 KB compressed per area that never run.
 * Its standalone dev server (`rsbuild dev`, no host) still bundles them.
 */
const HOST_PROVIDED = ['@admin/shared/ui', '@admin/shared/ui-kit', '@admin/shared/i18n'];

/**
 * The MF `shared` map. Chakra and react-router are deliberately absent: only the facades
 * (@admin/shared/ui, /ui-kit, /router) are shared, so the first load carries only the parts
 * the apps use, and there is still one Chakra and one router instance.
 */
export function sharedSingletons() {
  const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(range('react')),
    'react-dom': singleton(range('react-dom')),
    '@emotion/react': singleton(range('@emotion/react')),
    '@tanstack/react-query': singleton(range('@tanstack/react-query')),
    zustand: singleton(range('zustand')),
    axios: singleton(range('axios')),
    ...Object.fromEntries(
      SHARED_ENTRY_POINTS.map((entry) => [
        `@admin/shared/${entry}`,
        { ...singleton(`^${pkg.version}`), version: pkg.version },
      ]),
    ),
  };
}

/**
 * Compile-time constants of a remote build: its version label, shown under the area's pages so
 * staff and ops can see which release they are looking at. REMOTE_VERSION_LABEL overrides the
 * package version (a release pipeline can stamp its build number). Read from the package being
 * built (rsbuild runs in the package's folder).
 */
export function remoteBuildDefine() {
  const own = JSON.parse(readFileSync(`${process.cwd()}/package.json`, 'utf8')) as { version: string };
  return { __REMOTE_VERSION__: JSON.stringify(process.env.REMOTE_VERSION_LABEL || own.version) };
}

/** The remotes the host knows; their dev servers' ports for `pnpm dev`. */
export const REMOTE_DEV_PORTS = { masters: 3011, sales: 3012, payments: 3013 } as const;
export const HOST_DEV_PORT = 3001;

/**
 * A remote's MF options: its container name, the two modules every remote exposes (RemoteModule
 * and its dashboard widgets), and the common singletons, the UI facades taken from the host in a
 * release build.
 */
export function remoteFederation(name: keyof typeof REMOTE_DEV_PORTS) {
  // rsbuild sets NODE_ENV from the command before it reads the config.
  const release = process.env.NODE_ENV === 'production';
  const shared: Record<string, object> = sharedSingletons();
  if (release) for (const key of HOST_PROVIDED) shared[key] = { ...shared[key], import: false };
  return {
    name,
    filename: 'remoteEntry.js',
    exposes: {
      './routes': './src/routes.tsx',
      './widgets': './src/widgets.tsx',
    },
    shared,
    // A release build runs on the host's Module Federation runtime (the host provides it) instead
    // of shipping a copy in its remoteEntry.js; the standalone dev server still brings its own. Its
    // remote entry leaves out the runtime's code for Node and for loading remotes of its own (an
    // area loads none): 60 → 52 KB each, 18 → 16 KB compressed.
    ...(release
      ? { experiments: { externalRuntime: true, optimization: { target: 'web' as const, disableRemote: true } } }
      : {}),
    dts: false,
  };
}

const AREA_TITLES = { masters: 'Masters', sales: 'Sales', payments: 'Payments' } as const;

/**
 * Everything in a remote's rsbuild config but its plugins (which each remote imports from its own
 * dependencies): entry, build-time constants, output and its dev server.
 */
export function remoteBuildOptions(name: keyof typeof REMOTE_DEV_PORTS) {
  const port = REMOTE_DEV_PORTS[name];
  return {
    source: { entry: { index: './src/index.ts' }, define: remoteBuildDefine() },
    html: { title: `${AREA_TITLES[name]} (standalone) · Admin System` },
    // 'auto': chunks load relative to mf-manifest.json, so a release works from any versioned folder or origin.
    output: { assetPrefix: 'auto', distPath: { root: 'dist' } },
    // The dashboard's widgets are one file: code they share with the area's pages is copied into
    // it rather than split into chunks of their own, each a round trip more before the cards are
    // drawn (a few KB of the area's pages load twice). Initial chunks stay unsplit, as Rsbuild
    // keeps them for an app that exposes modules, so remoteEntry.js stays one file.
    splitChunks: {
      preset: 'default' as const,
      chunks: (chunk: { name?: string | null; canBeInitial(): boolean }) =>
        !chunk.canBeInitial() && chunk.name !== '__federation_expose_widgets',
    },
    // Each chunk's SHA-384 in the chunk loader of the remote entry (itself checked against
    // platform.json): every chunk the area loads is checked by the browser.
    security: { sri: { enable: 'auto' as const, algorithm: 'sha384' as const } },
    dev: {
      assetPrefix: `http://localhost:${port}/`,
      // Lazy compilation serves a shared module's chunk only after it is first asked for, which
      // the Module Federation runtime does not wait for: the first page load would fail.
      lazyCompilation: false,
    },
    server: {
      port,
      // The host's dev server (another port) loads this remote's manifest and chunks.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: { '/api': 'http://localhost:3000' },
    },
  };
}
