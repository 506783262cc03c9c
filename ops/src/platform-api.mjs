// What the API does with the release folder (it is bundled into the API): it records the failures
// browsers report, drops a canary that reached its limit, and lists the releases testers may load.
// Writes go through the same lock and atomic writer as pnpm release and rollback.
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES } from './layout.mjs';
import { describeRelease, dropCanary } from './release.mjs';
import { readHistory, readJson, readPlatform, withLock, writeJsonAtomic } from './store.mjs';

/**
 * @typedef {import('../../shared/src/contract/platform').PlatformReports} PlatformReports
 * @typedef {import('../../shared/src/contract/platform').FailureKind} FailureKind
 */

/** @param {string} dir */
const reportsPath = (dir) => path.join(dir, 'reports.json');

/**
 * Failures reported so far, per area and version.
 * @param {string} dir
 * @returns {PlatformReports}
 */
export function readReports(dir) {
  return /** @type {PlatformReports} */ (readJson(reportsPath(dir), {}));
}

/**
 * Counts one failure of a release; when that release is the area's canary and its failures reach
 * the canary's limit, drops the canary (recorded in the history with the reason). Null when the
 * folder holds no such release.
 * @param {{ dir: string, area: string, version: string, kind: FailureKind, message?: string, now?: Date }} report
 */
export function recordReport({ dir, area, version, kind, message = '', now = new Date() }) {
  if (
    !REMOTES.includes(/** @type {any} */ (area)) ||
    !fs.existsSync(path.join(dir, area, version, 'mf-manifest.json'))
  ) {
    return null;
  }
  return withLock(dir, () => {
    const reports = readReports(dir);
    const byVersion = (reports[/** @type {keyof PlatformReports} */ (area)] ??= {});
    const failures = (byVersion[version] ??= { load: 0, render: 0, last: { kind, message, at: '' } });
    failures[kind] += 1;
    failures.last = { kind, message, at: now.toISOString() };
    writeJsonAtomic(reportsPath(dir), reports);

    const total = failures.load + failures.render;
    const canary = readPlatform(dir)?.remotes?.[area]?.canary;
    const limit = canary?.version === version ? canary.autoRollbackAfter : undefined;
    const dropped =
      limit && total >= limit ? dropCanary(dir, area, { now, reason: `${total} failures reported` }) : undefined;
    return { failures: total, rolledBack: Boolean(dropped) };
  });
}

/**
 * Every release of each area still in the folder, oldest first, with the digests the host checks.
 * @param {string} dir
 */
export function listReleases(dir) {
  const history = readHistory(dir);
  return Object.fromEntries(
    REMOTES.map((remote) => {
      /** @type {Map<string, ReturnType<typeof describeRelease> & { at: string }>} */
      const releases = new Map();
      for (const record of history) {
        if (record.remote !== remote || record.action !== 'release' || releases.has(record.version)) continue;
        if (!fs.existsSync(path.join(dir, remote, record.version, 'mf-manifest.json'))) continue;
        releases.set(record.version, { ...describeRelease(dir, remote, record.version, record.entry), at: record.at });
      }
      return [remote, [...releases.values()]];
    }),
  );
}
