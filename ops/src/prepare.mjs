// What `pnpm start` and the e2e setup need before the server starts: built apps and a release
// folder whose platform.json points at a release of every remote.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OpsError, REMOTES, REPO_ROOT } from './layout.mjs';
import { publish } from './release.mjs';
import { readPlatform } from './store.mjs';

/**
 * Each package with the file its build leaves behind.
 * @type {(readonly [name: string, output: string])[]}
 */
const BUILD_OUTPUTS = [
  ['host', 'host/dist/index.html'],
  ...REMOTES.map((remote) => /** @type {const} */ ([`remote-${remote}`, `remote-${remote}/dist/mf-manifest.json`])),
  ['api', 'api/dist/main.js'],
];

/**
 * Builds, in one pnpm run, every package whose output is missing; returns their names.
 * @param {'inherit' | number} [log] where the build's output goes: this terminal, or an open file
 */
export function ensureBuilt(log = 'inherit') {
  const missing = BUILD_OUTPUTS.filter(([, output]) => !fs.existsSync(path.join(REPO_ROOT, output)));
  if (missing.length === 0) return [];
  const names = missing.map(([name]) => name);
  if (log === 'inherit') console.log(`Building ${names.join(', ')}…`);
  const result = spawnSync('pnpm', [...names.flatMap((name) => ['--filter', name]), 'run', 'build'], {
    cwd: REPO_ROOT,
    stdio: log === 'inherit' ? 'inherit' : ['ignore', log, log],
  });
  if (result.status !== 0) throw new OpsError(`Build failed for ${names.join(', ')}.`);
  return names;
}

/**
 * Publishes the current build of each remote that platform.json does not yet point at a
 * release of. An entry on another origin counts as a release.
 * @param {string} dir release folder
 */
export function publishMissing(dir) {
  const platform = readPlatform(dir);
  return REMOTES.filter((remote) => {
    const current = platform?.remotes?.[remote];
    if (!current) return true;
    if (!current.entry.startsWith('/')) return false;
    return !fs.existsSync(path.join(dir, remote, current.version, 'mf-manifest.json'));
  }).map((remote) => publish({ remote, dir }));
}
