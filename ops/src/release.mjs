// Publishing a remote build as an immutable release, pointing platform.json at a release,
// and reading what runs where. Nothing here touches the host's files or another remote's entry.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OpsError, REMOTES, assertRemote, remotePackageDir } from './layout.mjs';
import {
  historyPath,
  platformPath,
  readHistory,
  readPlatform,
  withLock,
  writeJsonAtomic,
} from './store.mjs';

/** @typedef {import('./store.mjs').HistoryRecord} HistoryRecord */

const DEFAULT_API_BASE_URL = '/api';

/**
 * @param {string} root
 * @returns {string[]} file paths relative to root, sorted so the hash does not depend on the disk
 */
function listFiles(root) {
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

/**
 * First 8 hex digits of a SHA-256 over every file's path and bytes.
 * @param {string} distDir
 */
export function contentHash(distDir) {
  const hash = crypto.createHash('sha256');
  for (const file of listFiles(distDir)) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(distDir, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

/**
 * @param {string} remote
 * @param {string} version
 * @param {string | undefined} baseUrl origin (and path prefix) serving the release folder; same origin when empty
 */
export function entryUrl(remote, version, baseUrl) {
  const prefix = (baseUrl ?? '').replace(/\/+$/, '');
  return `${prefix}/remotes/${remote}/${version}/mf-manifest.json`;
}

/**
 * @param {string} dir
 * @param {(remotes: Record<string, import('./store.mjs').RemoteEntry>) => void} change
 */
function updatePlatform(dir, change) {
  const platform = readPlatform(dir) ?? { apiBaseUrl: DEFAULT_API_BASE_URL, remotes: {} };
  change(platform.remotes);
  writeJsonAtomic(platformPath(dir), platform);
}

/**
 * @param {string} dir
 * @param {HistoryRecord} record
 */
function appendHistory(dir, record) {
  writeJsonAtomic(historyPath(dir), [...readHistory(dir), record]);
}

/**
 * Copies a finished build into releases/<remote>/<version>/ (never over an existing version) and
 * points platform.json at it.
 * @param {{ remote: string, dir: string, distDir?: string, baseUrl?: string, now?: Date }} options
 */
export function publish({ remote, dir, distDir, baseUrl, now = new Date() }) {
  assertRemote(remote);
  const packageDir = remotePackageDir(remote);
  const source = distDir ?? path.join(packageDir, 'dist');
  if (!fs.existsSync(path.join(source, 'mf-manifest.json'))) {
    throw new OpsError(
      `No build of ${remote} in ${source} (mf-manifest.json missing): run pnpm --filter remote-${remote} build.`,
    );
  }
  const { version: packageVersion } = JSON.parse(
    fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
  );
  const version = `${packageVersion}-${contentHash(source)}`;
  const target = path.join(dir, remote, version);
  const created = !fs.existsSync(target);
  if (created) {
    // Copy beside the target, then rename: a half-copied release is never visible under its URL.
    const staging = path.join(dir, remote, `.staging-${version}-${process.pid}`);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(source, staging, { recursive: true });
    fs.renameSync(staging, target);
  }
  const entry = entryUrl(remote, version, baseUrl);
  withLock(dir, () => {
    updatePlatform(dir, (remotes) => {
      remotes[remote] = { version, entry };
    });
    appendHistory(dir, { remote, version, entry, at: now.toISOString(), action: 'release' });
  });
  return { remote, version, entry, created };
}

/**
 * Releases of a remote in the order they were published, without those a rollback moved away from
 * (unless released again later): the candidates a rollback may return to.
 * @param {HistoryRecord[]} history
 * @param {string} remote
 */
function goodReleases(history, remote) {
  /** @type {Map<string, HistoryRecord>} */
  const published = new Map();
  const rolledBack = new Set();
  for (const record of history) {
    if (record.remote !== remote) continue;
    if (record.action === 'release') {
      published.delete(record.version);
      published.set(record.version, record);
      rolledBack.delete(record.version);
    } else if (record.action === 'rollback' && record.from) {
      rolledBack.add(record.from);
    }
  }
  return { published, rolledBack };
}

/**
 * Points a remote back at its previous release, or at `to`. Throws, changing nothing, when there
 * is no such release.
 * @param {{ remote: string, dir: string, to?: string, baseUrl?: string, now?: Date }} options
 */
export function rollback({ remote, dir, to, baseUrl, now = new Date() }) {
  assertRemote(remote);
  return withLock(dir, () => {
    const current = readPlatform(dir)?.remotes?.[remote];
    if (!current) throw new OpsError(`${remote} has no release yet: nothing to roll back.`);
    const history = readHistory(dir);
    const { published, rolledBack } = goodReleases(history, remote);

    /** @type {string} */
    let version;
    if (to) {
      if (!fs.existsSync(path.join(dir, remote, to, 'mf-manifest.json'))) {
        const known = [...published.keys()].join(', ') || 'none';
        throw new OpsError(`${remote} has no release ${to}. Known releases: ${known}.`);
      }
      if (to === current.version) throw new OpsError(`${remote} already runs ${to}.`);
      version = to;
    } else {
      const order = [...published.keys()];
      const earlier = order
        .slice(0, Math.max(order.indexOf(current.version), 0))
        .filter((candidate) => !rolledBack.has(candidate));
      const previous = earlier.at(-1);
      if (!previous) {
        throw new OpsError(
          `${remote} has no earlier release to roll back to (it runs ${current.version}).`,
        );
      }
      version = previous;
    }
    // Keep the origin the release was published to unless a new one is given.
    const entry = baseUrl !== undefined || !published.has(version)
      ? entryUrl(remote, version, baseUrl)
      : /** @type {HistoryRecord} */ (published.get(version)).entry;
    updatePlatform(dir, (remotes) => {
      remotes[remote] = { version, entry };
    });
    appendHistory(dir, {
      remote,
      version,
      entry,
      at: now.toISOString(),
      action: 'rollback',
      from: current.version,
    });
    return { remote, version, entry, from: current.version };
  });
}

/**
 * What runs where: one row per known remote.
 * @param {string} dir
 */
export function status(dir) {
  const platform = readPlatform(dir);
  const history = readHistory(dir);
  return REMOTES.map((remote) => {
    const current = platform?.remotes?.[remote];
    const since = history.filter((r) => r.remote === remote && r.version === current?.version).at(-1);
    const releases = fs.existsSync(path.join(dir, remote))
      ? fs.readdirSync(path.join(dir, remote)).filter((name) => !name.startsWith('.'))
      : [];
    return {
      remote,
      version: current?.version ?? null,
      entry: current?.entry ?? null,
      since: since?.at ?? null,
      action: since?.action ?? null,
      releases: releases.length,
    };
  });
}
