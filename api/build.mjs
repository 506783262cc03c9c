// Bundles the API into dist/main.js. Dependencies stay in node_modules (native argon2, PGlite's
// wasm), except the workspace's @admin/shared, which is TypeScript source and must be compiled in.
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
          args.path.startsWith('@admin/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
