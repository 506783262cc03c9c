#!/usr/bin/env node
// pnpm release <remote> | pnpm promote <remote> | pnpm rollback <remote> [--to <version>] | pnpm platform status
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { OpsError, REPO_ROOT, assertRemote, hostDistDir, releasesDir } from './layout.mjs';
import { readReports } from './platform-api.mjs';
import { defaultDist, promote, publish, releaseVersion, rollback, status } from './release.mjs';

const USAGE = `Usage:
  pnpm release <remote> [--canary <percent> [--auto-rollback <failures>]] [--base-url <origin>] [--no-build] [--dist <folder>]
  pnpm promote <remote>
  pnpm rollback <remote> [--to <version>] [--base-url <origin>]
  pnpm platform status
Remotes: masters, sales, payments. RELEASES_DIR sets the release folder; REMOTE_ORIGIN the default --base-url;
HOST_DIST the host build a release is checked against.`;

/** @param {string} remote */
function build(remote) {
  const result = spawnSync('pnpm', ['--filter', `remote-${remote}`, 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new OpsError(`Build of remote-${remote} failed; nothing released.`);
}

/**
 * @param {string | undefined} value
 * @param {string} option
 * @param {number} max
 */
function wholeNumber(value, option, max) {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new OpsError(`--${option} takes a whole number from 1 to ${max}, not "${value}".`);
  }
  return number;
}

/** @param {string | undefined} version @param {Record<string, { load: number, render: number }> | undefined} reports */
function failures(version, reports) {
  const counts = version ? reports?.[version] : undefined;
  return counts ? `  ${counts.load + counts.render} failures reported` : '';
}

/** @param {string[]} argv */
export async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      'base-url': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      dist: { type: 'string' },
      canary: { type: 'string' },
      'auto-rollback': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, remote] = positionals;
  const dir = releasesDir();
  const baseUrl = values['base-url'] ?? (process.env.REMOTE_ORIGIN || undefined);

  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  switch (command) {
    case 'release': {
      assertRemote(remote);
      const canary = wholeNumber(values.canary, 'canary', 100);
      const autoRollbackAfter = wholeNumber(values['auto-rollback'], 'auto-rollback', Number.MAX_SAFE_INTEGER);
      if (autoRollbackAfter && !canary)
        throw new OpsError('--auto-rollback applies to a canary: add --canary <percent>.');
      if (!values['no-build'] && !values.dist) build(remote);
      const distDir = values.dist ? path.resolve(values.dist) : defaultDist(remote);
      releaseVersion(remote, distDir);
      // Loaded here only: the gate brings Chromium's driver and the TypeScript parser.
      const { checkRelease } = await import('./gate/check.mjs');
      const problems = await checkRelease({ remote, distDir, hostDist: hostDistDir() });
      if (problems.length) {
        throw new OpsError(
          `${remote} was not released: the build failed the health check, platform.json is unchanged.\n${problems.map((p) => `  - ${p}`).join('\n')}`,
        );
      }
      const result = publish({ remote, dir, distDir, baseUrl, canary, autoRollbackAfter });
      const published = `${remote} ${result.version} ${result.created ? 'published' : 'already published'}`;
      if (!canary) {
        console.log(`${published}; platform.json -> ${result.entry}`);
        return;
      }
      const limit = autoRollbackAfter ? `, dropped by itself after ${autoRollbackAfter} reported failures` : '';
      console.log(
        `${published} as a canary for ${canary}% of signed-in users${limit}; platform.json -> ${result.entry}`,
      );
      return;
    }
    case 'promote': {
      assertRemote(remote);
      const result = promote({ remote, dir });
      console.log(`${remote} ${result.version} promoted: everyone gets it (was ${result.from}).`);
      console.log('Browsers pick it up on their next page load.');
      return;
    }
    case 'rollback': {
      assertRemote(remote);
      const result = rollback({ remote, dir, to: values.to, baseUrl });
      console.log(
        result.canary
          ? `${remote} canary ${result.from} dropped: everyone gets ${result.version} again.`
          : `${remote} rolled back ${result.from} -> ${result.version}; platform.json -> ${result.entry}`,
      );
      console.log('Browsers pick it up on their next page load.');
      return;
    }
    case 'status': {
      const reports = readReports(dir);
      console.log(`Release folder: ${dir}`);
      for (const row of status(dir)) {
        const mine = reports[/** @type {keyof typeof reports} */ (row.remote)];
        const where = row.version ? `${row.version}  ${row.entry}  ${row.share}% of users` : '(no release)';
        const since = row.since ? `  ${row.action} at ${row.since}` : '';
        console.log(
          `${row.remote.padEnd(9)} ${where}${since}  [${row.releases} kept]${failures(row.version ?? undefined, mine)}`,
        );
        const { canary } = row;
        if (canary) {
          const limit = canary.autoRollbackAfter ? `  auto-rollback after ${canary.autoRollbackAfter} failures` : '';
          const canarySince = canary.since ? `  since ${canary.since}` : '';
          console.log(
            `${''.padEnd(9)} canary ${canary.version}  ${canary.entry}  ${canary.share}% of users${canarySince}${limit}${failures(canary.version, mine)}`,
          );
        }
      }
      return;
    }
    default:
      throw new OpsError(`Unknown command "${command}".\n${USAGE}`);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof OpsError || (error instanceof TypeError && 'code' in error)) {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
