// Starting the built platform (api/dist/main.js serving host, API, remotes and platform.json)
// on a port of our own, with its own database and release folder, the way `pnpm start` does.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, publishMissing } from '../../ops/src/prepare.mjs';
import { servePlatform } from '../../ops/src/serve.mjs';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-Admin-Password-1';

/** The platforms the global setup starts: `main` serves baseURL; the others belong to one spec each. */
export const PLATFORM_PORTS = {
  main: 3300,
  isolation: 3310,
  secondOrigin: 3320,
  release: 3330,
  // 3340 is the web benchmark's and 3350 the dashboard spec's own platform.
  canary: 3360,
  // What one browser loads: a tester's override (sales) and a tampered file (payments).
  perBrowser: 3370,
  // Company settings print on every document: the spec that sets them has the platform to itself.
  documents: 3380,
  // A payments release that adds a page, and its rollback.
  pages: 3390,
  // Files of a released area changed after publishing, and a build that asks for a shared version
  // the host lacks: every other area must keep working.
  areaChecks: 3400,
  // A sales release while a page is open: the page offers the reload.
  areaMoved: 3410,
} as const;

/** Ports of specs that start a platform their own way (not by the global setup). */
export const OWN_PORTS = {
  // `pnpm start` itself, as a newcomer runs it (start.spec.ts).
  start: 3420,
} as const;
export type PlatformName = keyof typeof PLATFORM_PORTS;

export const platformEnvName = (name: string) => `E2E_PLATFORM_${name.toUpperCase()}`;

/** A platform started by the global setup, as a spec sees it. */
export function platformFor(name: PlatformName): { url: string; releasesDir: string } {
  const value = process.env[platformEnvName(name)];
  if (!value) throw new Error(`The ${name} platform was not started by the global setup`);
  return JSON.parse(value);
}

export interface Platform {
  url: string;
  port: number;
  releasesDir: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * A database folder migrated and seeded as a fresh platform's (the admin, the demo data), by the
 * platform itself on `port`, then stopped. Each platform starts from a copy of it: a fresh one
 * takes about 6 s of CPU to migrate and seed, a copy about 1 s to open.
 */
export async function seededDataFolder(port: number): Promise<{ dataDir: string; remove: () => void }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-seed-'));
  const dataDir = path.join(work, 'data');
  const remove = () => fs.rmSync(work, { recursive: true, force: true });
  try {
    const releasesDir = path.join(work, 'releases');
    fs.mkdirSync(releasesDir);
    const server = await servePlatform({ port, releasesDir, dataDir, env: { ADMIN_PASSWORD }, timeoutMs: 120_000 });
    await server.stop();
  } catch (error) {
    remove();
    throw error;
  }
  return { dataDir, remove };
}

/**
 * Starts the platform on `port` with its own database and release folder. The database is a copy
 * of `copyDataFrom` (seededDataFolder) when given, else a fresh one. The releases are a copy of
 * `copyReleasesFrom` when given (so a test may release and roll back without disturbing the
 * others), else a fresh publish of the current builds (building what is missing).
 */
export async function startPlatform(
  port: number,
  options: { copyReleasesFrom?: string; copyDataFrom?: string } = {},
): Promise<Platform> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `admin-e2e-${port}-`));
  const releasesDir = path.join(work, 'releases');
  const dataDir = path.join(work, 'data');
  if (options.copyReleasesFrom) {
    fs.cpSync(options.copyReleasesFrom, releasesDir, { recursive: true });
  } else {
    ensureBuilt();
    publishMissing(releasesDir);
  }
  // The backup socket a stopped server may leave behind is no data (and cannot be copied).
  if (options.copyDataFrom)
    fs.cpSync(options.copyDataFrom, dataDir, {
      recursive: true,
      filter: (from) => path.basename(from) !== 'backup.sock',
    });

  let server: Awaited<ReturnType<typeof servePlatform>>;
  try {
    // The global set-up starts seven platforms at once on two busy cores.
    server = await servePlatform({ port, releasesDir, dataDir, env: { ADMIN_PASSWORD }, timeoutMs: 180_000 });
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    port,
    releasesDir,
    dataDir,
    stop: async () => {
      await server.stop();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * A second origin for remotes (a CDN in production): serves `root` under `prefix` on `port`
 * with the CORS header a cross-origin module load needs.
 */
export function serveStatic(
  root: string,
  port: number,
  prefix = '',
): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.json': 'application/json',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
  };
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, path.normalize(pathname.slice(prefix.length)));
    if (
      !pathname.startsWith(`${prefix}/`) ||
      !file.startsWith(root + path.sep) ||
      !fs.existsSync(file) ||
      !fs.statSync(file).isFile()
    ) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
    });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
