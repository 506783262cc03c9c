// platform.json and history.json: the only mutable files of a release folder.
// Both are replaced by write-to-temp + rename, so a reader sees the old file or the new one,
// never a half-written one; a lock file keeps two commands from interleaving their updates.
import fs from 'node:fs';
import path from 'node:path';
import { OpsError } from './layout.mjs';

/**
 * The shapes of shared/src/contract/platform.ts, which the host validates platform.json with.
 * @typedef {{ version: string, entry: string, integrity?: Record<string, string>,
 *   summary?: import('../../shared/src/contract/platform').AreaSummary }} Release
 * @typedef {Release & { percent: number, autoRollbackAfter?: number }} Canary
 * @typedef {Release & { canary?: Canary }} RemoteEntry
 * @typedef {{ apiBaseUrl: string, remotes: Record<string, RemoteEntry> }} PlatformConfig
 * @typedef {{ remote: string, version: string, entry: string, at: string,
 *   action: 'release' | 'promote' | 'rollback', from?: string,
 *   canary?: number, autoRollbackAfter?: number, reason?: string }} HistoryRecord
 *   A release with `canary` went to that share of users; a rollback with `canary` dropped the
 *   canary `from` (with `reason` when the platform did it by itself).
 */

/** @param {string} dir */
export const platformPath = (dir) => path.join(dir, 'platform.json');
/** @param {string} dir */
export const historyPath = (dir) => path.join(dir, 'history.json');

/**
 * @param {string} file
 * @param {unknown} fallback what a missing file reads as
 */
export function readJson(file, fallback) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return fallback;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new OpsError(`${file} is not valid JSON; fix or restore it before releasing.`);
  }
}

/**
 * @param {string} dir
 * @returns {PlatformConfig | undefined}
 */
export function readPlatform(dir) {
  return /** @type {PlatformConfig | undefined} */ (readJson(platformPath(dir), undefined));
}

/**
 * @param {string} dir
 * @returns {HistoryRecord[]}
 */
export function readHistory(dir) {
  return /** @type {HistoryRecord[]} */ (readJson(historyPath(dir), []));
}

/**
 * Replaces `file` in one step: readers never observe a partial write.
 * @param {string} file
 * @param {unknown} value
 */
export function writeJsonAtomic(file, value) {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = fs.openSync(temp, 'w', 0o644);
  try {
    fs.writeFileSync(fd, `${JSON.stringify(value, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Runs `fn` holding the release folder's lock; a lock left by a dead process is taken over.
 * @template T
 * @param {string} dir
 * @param {() => T} fn
 * @returns {T}
 */
export function withLock(dir, fn) {
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, '.lock');
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lock, 'utf8'));
      if (holder && !isAlive(holder)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new OpsError(`Another release or rollback (pid ${holder}) holds ${lock}.`);
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}
