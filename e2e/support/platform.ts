// Starting the built platform (api/dist/main.js serving host, API, remotes and platform.json)
// on a port of our own, with its own database and release folder, the way `pnpm start` does.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../ops/src/layout.mjs';
import { ensureBuilt, publishMissing } from '../../ops/src/prepare.mjs';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-Admin-Password-1';

export interface Platform {
  url: string;
  port: number;
  releasesDir: string;
  dataDir: string;
  stop: () => Promise<void>;
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The platform exited with ${server.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The platform did not answer ${url}/api/health within ${timeoutMs} ms:\n${log()}`);
}

/** Stops a child process with SIGTERM (graceful: PGlite checkpoints), then SIGKILL if it hangs. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the platform on `port` with a fresh database and its own release folder: a copy of
 * `copyReleasesFrom` when given (so a test may release and roll back without disturbing the
 * others), else a fresh publish of the current builds (building what is missing).
 */
export async function startPlatform(port: number, options: { copyReleasesFrom?: string } = {}): Promise<Platform> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `admin-e2e-${port}-`));
  const releasesDir = path.join(work, 'releases');
  const dataDir = path.join(work, 'data');
  if (options.copyReleasesFrom) {
    fs.cpSync(options.copyReleasesFrom, releasesDir, { recursive: true });
  } else {
    ensureBuilt();
    publishMissing(releasesDir);
  }

  let output = '';
  const server = spawn(process.execPath, [path.join(REPO_ROOT, 'api/dist/main.js')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RELEASES_DIR: releasesDir,
      HOST_DIST: path.join(REPO_ROOT, 'host/dist'),
      ADMIN_PASSWORD,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, server, () => output);
  } catch (error) {
    await stopProcess(server);
    throw error;
  }
  return {
    url,
    port,
    releasesDir,
    dataDir,
    stop: async () => {
      await stopProcess(server);
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
    if (!pathname.startsWith(`${prefix}/`) || !file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
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
