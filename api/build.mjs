// Bundles the API into dist/main.js. Dependencies stay in node_modules (native argon2, PGlite's
// wasm), except the workspace's @admin/shared (TypeScript source, compiled in) and ops (the
// platform's release records, read by the platform routes).
// Migrations are not copied: the bundle reads them from ../drizzle.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@admin/') || args.path.startsWith('ops/')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
