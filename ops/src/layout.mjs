// Where things live: the repository, the release folder, the host's build and each remote's package.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's Chromium: the browser the health gate and the benchmarks drive, as staff run it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's Chromium headless shell (the old headless mode: no window or GPU process to feed), what
 * the e2e tests drive: each test takes about a third less CPU, which two shared cores need.
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

/** Chromium on a closed network, as root: no sandbox, no GPU, and no calls home it would wait on. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The remotes the host knows by name; each is built from the package `remote-<name>`. */
export const REMOTES = /** @type {const} */ (['masters', 'sales', 'payments']);

export class OpsError extends Error {}

/** What a remote build writes about the pages it serves (shared/area-summary.ts); releases copy it into platform.json. */
export const AREA_SUMMARY_FILE = 'area-summary.json';

/** @param {NodeJS.ProcessEnv} [env] */
export function releasesDir(env = process.env) {
  return path.resolve(env.RELEASES_DIR || path.join(REPO_ROOT, 'releases'));
}

/** The host build that runs (the one `pnpm start` serves); a release is checked against it. */
export function hostDistDir(env = process.env) {
  return path.resolve(env.HOST_DIST || path.join(REPO_ROOT, 'host/dist'));
}

/**
 * @param {string | undefined} remote
 * @returns {asserts remote is (typeof REMOTES)[number]}
 */
export function assertRemote(remote) {
  if (!REMOTES.includes(/** @type {any} */ (remote))) {
    throw new OpsError(`Unknown remote "${remote ?? ''}". Known remotes: ${REMOTES.join(', ')}.`);
  }
}

/** @param {string} remote */
export function remotePackageDir(remote) {
  return path.join(REPO_ROOT, `remote-${remote}`);
}

/**
 * @param {string} root
 * @returns {string[]} file paths relative to root with '/', sorted so nothing depends on the disk's order
 */
export function listFiles(root) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return files.sort();
}
