// An Rsbuild plugin every app (host and remotes) builds with: after a production build, each text
// file of the output gets a brotli (.br) and a gzip (.gz) copy beside it, so the server sends
// compressed bytes without compressing on every request, and a remote's release folder carries
// its compressed files with it (see docs/decisions.md, "Compression on the wire").
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT_FILE = /\.(js|mjs|css|html|json|svg|txt|map)$/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && TEXT_FILE.test(e.name)).map((e) => join(e.parentPath, e.name));
}

/** Writes file.br (brotli, best quality) and file.gz (gzip, level 9) beside every text file under `dir`. */
export async function precompressFolder(dir: string): Promise<number> {
  const files = await textFiles(dir);
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}

// The part of Rsbuild's plugin API this plugin uses (the shared folder does not depend on Rsbuild).
interface AfterBuildApi {
  onAfterBuild(hook: (params: { environments: Record<string, { distPath: string }> }) => Promise<void>): void;
}

/** Precompresses the output of `rsbuild build` (never the dev server's, which serves from memory). */
export function pluginPrecompress() {
  return {
    name: 'admin:precompress',
    setup(api: AfterBuildApi) {
      api.onAfterBuild(async ({ environments }) => {
        await Promise.all(Object.values(environments).map((environment) => precompressFolder(environment.distPath)));
      });
    },
  };
}
