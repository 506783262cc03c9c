// Publishing a remote build as an immutable release, pointing platform.json at it (for everyone,
// or as a canary for a share of the users), promoting or dropping a canary, rolling back, and
// reading what runs where. Nothing here touches the host's files or another remote's entry.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { INTEGRITY_FILE, digestFiles, hostIntegrity } from './integrity.mjs';
import { AREA_SUMMARY_FILE, OpsError, REMOTES, assertRemote, listFiles, remotePackageDir } from './layout.mjs';
import { historyPath, platformPath, readHistory, readJson, readPlatform, withLock, writeJsonAtomic } from './store.mjs';

/**
 * @typedef {import('./store.mjs').HistoryRecord} HistoryRecord
 * @typedef {import('./store.mjs').Release} Release
 * @typedef {import('./store.mjs').RemoteEntry} RemoteEntry
 * @typedef {import('../../shared/src/contract/platform').AreaSummary} AreaSummary
 */

const DEFAULT_API_BASE_URL = '/api';

/**
 * First 8 hex digits of a SHA-256 over every file's path and bytes.
 * @param {string} distDir
 */
export function contentHash(distDir) {
  const hash = crypto.createHash('sha256');
  for (const file of listFiles(distDir)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(distDir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

/** @param {string} remote */
export const defaultDist = (remote) => path.join(remotePackageDir(remote), 'dist');

/**
 * The version a build is published as: the package's version and the build's content hash.
 * @param {string} remote
 * @param {string} distDir
 */
export function releaseVersion(remote, distDir) {
  if (!fs.existsSync(path.join(distDir, 'mf-manifest.json'))) {
    throw new OpsError(
      `No build of ${remote} in ${distDir} (mf-manifest.json missing): run pnpm --filter remote-${remote} build.`,
    );
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(remotePackageDir(remote), 'package.json'), 'utf8'));
  return `${version}-${contentHash(distDir)}`;
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
 * The pages a published release serves (its build's area-summary.json), with the paths that other
 * releases of the area in the folder serve and it does not: the host shows those as not available
 * in the current release instead of sending staff to the dashboard. Undefined for a build without one.
 * @param {string} dir
 * @param {string} remote
 * @param {string} version
 * @returns {AreaSummary | undefined}
 */
export function releaseSummary(dir, remote, version) {
  /** @param {string} release @returns {AreaSummary | undefined} */
  const read = (release) => readJson(path.join(dir, remote, release, AREA_SUMMARY_FILE), undefined);
  const summary = read(version);
  if (!summary) return undefined;
  const served = new Set(summary.pages.map((page) => page.path));
  const retired = new Set();
  for (const other of fs.readdirSync(path.join(dir, remote))) {
    if (other.startsWith('.') || other === version) continue;
    for (const page of read(other)?.pages ?? []) if (!served.has(page.path)) retired.add(page.path);
  }
  return retired.size ? { ...summary, retired: [...retired].sort() } : summary;
}

/**
 * platform.json's line for a published release: where it is, the digests the host checks and the
 * pages it serves.
 * @param {string} dir
 * @param {string} remote
 * @param {string} version
 * @param {string} entry
 * @returns {Release}
 */
export function describeRelease(dir, remote, version, entry) {
  const integrity = hostIntegrity(path.join(dir, remote, version));
  const summary = releaseSummary(dir, remote, version);
  return { version, entry, ...(integrity ? { integrity } : {}), ...(summary ? { summary } : {}) };
}

/**
 * @param {string} dir
 * @param {(remotes: Record<string, RemoteEntry>) => void} change
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
 * The release a remote runs for everyone; refused when it has none yet.
 * @param {string} dir
 * @param {string} remote
 */
function releaseForEveryone(dir, remote) {
  const stable = readPlatform(dir)?.remotes?.[remote];
  if (!stable) throw new OpsError(`${remote} has no release yet: release it to everyone before a canary.`);
  return stable;
}

/**
 * Copies a finished build into releases/<remote>/<version>/ with the digests of its files (never
 * over an existing version) and points platform.json at it: for everyone, which ends any canary,
 * or with `canary` as the release that share of the users get while the others keep theirs.
 * @param {{ remote: string, dir: string, distDir?: string, baseUrl?: string, now?: Date,
 *   canary?: number, autoRollbackAfter?: number }} options
 */
export function publish({ remote, dir, distDir, baseUrl, now = new Date(), canary, autoRollbackAfter }) {
  assertRemote(remote);
  const source = distDir ?? defaultDist(remote);
  const version = releaseVersion(remote, source);
  return withLock(dir, () => {
    // A canary runs beside the release everyone has, so there must be one, and another build.
    const asCanary = canary === undefined ? undefined : { percent: canary, beside: releaseForEveryone(dir, remote) };
    if (asCanary?.beside.version === version) throw new OpsError(`${remote} already runs ${version} for everyone.`);
    const target = path.join(dir, remote, version);
    const created = !fs.existsSync(target);
    if (created) {
      // Copy beside the target, then rename: a half-copied release is never visible under its URL.
      const staging = path.join(dir, remote, `.staging-${version}-${process.pid}`);
      fs.rmSync(staging, { recursive: true, force: true });
      fs.cpSync(source, staging, { recursive: true });
      fs.writeFileSync(path.join(staging, INTEGRITY_FILE), `${JSON.stringify(digestFiles(staging), null, 2)}\n`);
      fs.renameSync(staging, target);
    }
    const entry = entryUrl(remote, version, baseUrl);
    const release = describeRelease(dir, remote, version, entry);
    const limit = autoRollbackAfter ? { autoRollbackAfter } : {};
    updatePlatform(dir, (remotes) => {
      remotes[remote] = asCanary
        ? { ...asCanary.beside, canary: { ...release, percent: asCanary.percent, ...limit } }
        : release;
    });
    appendHistory(dir, {
      remote,
      version,
      entry,
      at: now.toISOString(),
      action: 'release',
      ...(canary === undefined ? {} : { canary, ...limit }),
    });
    return { remote, version, entry, created, canary };
  });
}

/**
 * Makes a remote's canary everyone's release.
 * @param {{ remote: string, dir: string, now?: Date }} options
 */
export function promote({ remote, dir, now = new Date() }) {
  assertRemote(remote);
  return withLock(dir, () => {
    const current = readPlatform(dir)?.remotes?.[remote];
    if (!current?.canary) throw new OpsError(`${remote} has no canary to promote.`);
    const { version, entry } = current.canary;
    updatePlatform(dir, (remotes) => {
      remotes[remote] = describeRelease(dir, remote, version, entry);
    });
    appendHistory(dir, { remote, version, entry, at: now.toISOString(), action: 'promote', from: current.version });
    return { remote, version, entry, from: current.version };
  });
}

/**
 * Drops a remote's canary: everyone gets its stable release again. The caller holds the lock.
 * @param {string} dir
 * @param {string} remote
 * @param {{ now: Date, reason?: string }} options `reason` when the platform does it by itself
 */
export function dropCanary(dir, remote, { now, reason }) {
  const current = readPlatform(dir)?.remotes?.[remote];
  const canary = current?.canary;
  if (!current || !canary) return undefined;
  updatePlatform(dir, (remotes) => {
    delete remotes[remote]?.canary;
  });
  appendHistory(dir, {
    remote,
    version: current.version,
    entry: current.entry,
    at: now.toISOString(),
    action: 'rollback',
    from: canary.version,
    canary: canary.percent,
    ...(reason ? { reason } : {}),
  });
  return { remote, version: current.version, entry: current.entry, from: canary.version, canary: true };
}

/**
 * Releases of a remote in the order they became everyone's (released or promoted), without those
 * a rollback moved away from (unless released again later): the candidates a rollback may return to.
 * @param {HistoryRecord[]} history
 * @param {string} remote
 */
function goodReleases(history, remote) {
  /** @type {Map<string, HistoryRecord>} */
  const published = new Map();
  const rolledBack = new Set();
  for (const record of history) {
    if (record.remote !== remote) continue;
    if ((record.action === 'release' && record.canary === undefined) || record.action === 'promote') {
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
 * Drops a remote's canary when one runs; otherwise points the remote back at its previous
 * release, or at `to`. Throws, changing nothing, when there is no such release.
 * @param {{ remote: string, dir: string, to?: string, baseUrl?: string, now?: Date }} options
 */
export function rollback({ remote, dir, to, baseUrl, now = new Date() }) {
  assertRemote(remote);
  return withLock(dir, () => {
    const current = readPlatform(dir)?.remotes?.[remote];
    if (!current) throw new OpsError(`${remote} has no release yet: nothing to roll back.`);
    if (current.canary) {
      if (to) {
        throw new OpsError(
          `${remote} runs a canary (${current.canary.version}): pnpm rollback ${remote} drops it, then --to moves everyone's release.`,
        );
      }
      return /** @type {NonNullable<ReturnType<typeof dropCanary>>} */ (dropCanary(dir, remote, { now }));
    }
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
        throw new OpsError(`${remote} has no earlier release to roll back to (it runs ${current.version}).`);
      }
      version = previous;
    }
    // Keep the origin the release was published to unless a new one is given.
    const entry =
      baseUrl !== undefined || !published.has(version)
        ? entryUrl(remote, version, baseUrl)
        : /** @type {HistoryRecord} */ (published.get(version)).entry;
    updatePlatform(dir, (remotes) => {
      remotes[remote] = describeRelease(dir, remote, version, entry);
    });
    appendHistory(dir, {
      remote,
      version,
      entry,
      at: now.toISOString(),
      action: 'rollback',
      from: current.version,
    });
    return { remote, version, entry, from: current.version, canary: false };
  });
}

/**
 * What runs where: one row per known remote, with the share of users each release reaches.
 * @param {string} dir
 */
export function status(dir) {
  const platform = readPlatform(dir);
  const history = readHistory(dir);
  return REMOTES.map((remote) => {
    const current = platform?.remotes?.[remote];
    const canary = current?.canary;
    /** @param {string | undefined} version */
    const lastRecord = (version) => history.filter((r) => r.remote === remote && r.version === version).at(-1);
    const since = lastRecord(current?.version);
    const releases = fs.existsSync(path.join(dir, remote))
      ? fs.readdirSync(path.join(dir, remote)).filter((name) => !name.startsWith('.'))
      : [];
    return {
      remote,
      version: current?.version ?? null,
      entry: current?.entry ?? null,
      share: current ? 100 - (canary?.percent ?? 0) : null,
      since: since?.at ?? null,
      action: since?.action ?? null,
      releases: releases.length,
      canary: canary
        ? {
            version: canary.version,
            entry: canary.entry,
            share: canary.percent,
            since: lastRecord(canary.version)?.at ?? null,
            autoRollbackAfter: canary.autoRollbackAfter ?? null,
          }
        : null,
    };
  });
}
