// Where things live: the repository, the release folder and each remote's package.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The remotes the host knows by name; each is built from the package `remote-<name>`. */
export const REMOTES = /** @type {const} */ (['masters', 'sales', 'payments']);

export class OpsError extends Error {}

/** @param {NodeJS.ProcessEnv} [env] */
export function releasesDir(env = process.env) {
  return path.resolve(env.RELEASES_DIR || path.join(REPO_ROOT, 'releases'));
}

/** @param {string} remote */
export function assertRemote(remote) {
  if (!REMOTES.includes(/** @type {any} */ (remote))) {
    throw new OpsError(
      `Unknown remote "${remote ?? ''}". Known remotes: ${REMOTES.join(', ')}.`,
    );
  }
}

/** @param {string} remote */
export function remotePackageDir(remote) {
  return path.join(REPO_ROOT, `remote-${remote}`);
}
