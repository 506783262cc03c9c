#!/usr/bin/env node
// pnpm release <remote> | pnpm rollback <remote> [--to <version>] | pnpm platform status
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { OpsError, REPO_ROOT, assertRemote, releasesDir } from './layout.mjs';
import { publish, rollback, status } from './release.mjs';

const USAGE = `Usage:
  pnpm release <remote> [--base-url <origin>] [--no-build]
  pnpm rollback <remote> [--to <version>] [--base-url <origin>]
  pnpm platform status
Remotes: masters, sales, payments. RELEASES_DIR sets the release folder; REMOTE_ORIGIN the default --base-url.`;

/** @param {string} remote */
function build(remote) {
  const result = spawnSync('pnpm', ['--filter', `remote-${remote}`, 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new OpsError(`Build of remote-${remote} failed; nothing released.`);
}

/** @param {string[]} argv */
export function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      'base-url': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
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
      if (!values['no-build']) build(remote);
      const result = publish({ remote, dir, baseUrl });
      console.log(
        `${remote} ${result.version} ${result.created ? 'published' : 'already published'}; platform.json -> ${result.entry}`,
      );
      return;
    }
    case 'rollback': {
      assertRemote(remote);
      const result = rollback({ remote, dir, to: values.to, baseUrl });
      console.log(`${remote} rolled back ${result.from} -> ${result.version}; platform.json -> ${result.entry}`);
      console.log('Browsers pick it up on their next page load.');
      return;
    }
    case 'status': {
      console.log(`Release folder: ${dir}`);
      for (const row of status(dir)) {
        const where = row.version ? `${row.version}  ${row.entry}` : '(no release)';
        const since = row.since ? `  ${row.action} at ${row.since}` : '';
        console.log(`${row.remote.padEnd(9)} ${where}${since}  [${row.releases} kept]`);
      }
      return;
    }
    default:
      throw new OpsError(`Unknown command "${command}".\n${USAGE}`);
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  if (error instanceof OpsError || (error instanceof TypeError && 'code' in error)) {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
