// Loads a candidate build in the host that runs, in headless Chromium: a throwaway server serves
// the host build and the candidate from one origin, and the host's own release probe
// (host/src/platform/health-probe.ts) registers the candidate with its digests, loads './routes'
// and './widgets' with the host's loader and contract checks, compares the shared versions, and
// lists the exports of every shared module the page would give the candidate.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../layout.mjs';

const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
});

/**
 * @typedef {{ problems: string[], exports: Record<string, string[]> }} ProbeResult
 */

/**
 * The host build at / (index.html for every page) and the candidate under `candidatePath`.
 * @param {string} hostDist
 * @param {string} candidatePath URL path prefix, ending in '/'
 * @param {string} candidateDist
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
function serve(hostDist, candidatePath, candidateDist) {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://probe').pathname);
    const [root, rest] = pathname.startsWith(candidatePath)
      ? [candidateDist, pathname.slice(candidatePath.length)]
      : [hostDist, path.extname(pathname) ? pathname : 'index.html'];
    const file = path.join(root, path.normalize(`/${rest}`));
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}

/**
 * @param {{ hostDist: string, remote: string, distDir: string, integrity: Record<string, string>, timeoutMs?: number }} options
 * @returns {Promise<ProbeResult>}
 */
export async function probeInHost({ hostDist, remote, distDir, integrity, timeoutMs = 60_000 }) {
  const candidatePath = `/remotes/${remote}/candidate/`;
  const server = await serve(hostDist, candidatePath, distDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(timeoutMs);
    await page.goto(`${server.url}/login`);
    const hasProbe = await page
      .waitForFunction(() => typeof (/** @type {any} */ (window).__platformProbe) === 'function', null, {
        timeout: 15_000,
      })
      .then(
        () => true,
        () => false,
      );
    if (!hasProbe) {
      return {
        problems: ['The host that runs has no release probe (it predates release checks): release the host first.'],
        exports: {},
      };
    }
    const entry = `${server.url}${candidatePath}mf-manifest.json`;
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(
        () => resolve({ problems: [`Loading the build did not finish within ${timeoutMs / 1000} s.`], exports: {} }),
        timeoutMs,
      );
    });
    const probed = page.evaluate((release) => /** @type {any} */ (window).__platformProbe(release), {
      name: remote,
      version: 'candidate',
      entry,
      integrity,
    });
    return /** @type {ProbeResult} */ (await Promise.race([probed, timeout]).finally(() => clearTimeout(timer)));
  } finally {
    await browser.close();
    await server.close();
  }
}
