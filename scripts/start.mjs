// pnpm start: install, build what is missing, make sure every remote has a release, then run the
// one Node process that serves the host, the API, the remotes and platform.json. One line per
// step; what install and build print goes to a log file under the data folder, so the last thing
// on the screen is the server's banner (where it listens, who signs in, where the password is).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OpsError, REPO_ROOT, releasesDir } from '../ops/src/layout.mjs';
import { ensureBuilt, publishMissing } from '../ops/src/prepare.mjs';

const dataDir = path.resolve(REPO_ROOT, process.env.DATA_DIR || '.data');
const logFile = path.join(dataDir, 'logs', 'start.log');

/**
 * Runs one step with its output appended to the log file; says 'done' or what came of it.
 * @param {string} name
 * @param {(log: number) => string | void} run given the log file's descriptor
 */
function step(name, run) {
  process.stdout.write(`${name}… `);
  const log = fs.openSync(logFile, 'a');
  try {
    fs.writeSync(log, `\n== ${name} (${new Date().toISOString()})\n`);
    const said = run(log);
    console.log(typeof said === 'string' ? said : 'done');
  } catch (error) {
    console.log('failed');
    console.error(
      `${error instanceof OpsError ? error.message : String(error)} See ${path.relative(process.cwd(), logFile)}.`,
    );
    process.exit(1);
  } finally {
    fs.closeSync(log);
  }
}

// The data folder holds the database and the first password: the owner's alone, as the API keeps it.
fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const dir = releasesDir();
step('Installing dependencies', (log) => {
  const result = spawnSync('pnpm', ['install', '--prefer-offline'], { cwd: REPO_ROOT, stdio: ['ignore', log, log] });
  if (result.status !== 0) throw new OpsError('pnpm install failed.');
});
step('Building', (log) => {
  const built = ensureBuilt(log);
  return built.length ? `done (${built.join(', ')})` : 'already built';
});
step('Publishing releases', () => {
  const published = publishMissing(dir).map((release) => `${release.remote} ${release.version}`);
  return published.length ? `done (${published.join(', ')})` : 'already published';
});

const server = spawn(process.execPath, [path.join(REPO_ROOT, 'api/dist/main.js')], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  // Its own process group: a Ctrl-C reaches it once, through the forwarding below.
  detached: true,
  env: {
    ...process.env,
    HOST_DIST: process.env.HOST_DIST || path.join(REPO_ROOT, 'host/dist'),
    RELEASES_DIR: dir,
  },
});
// The API shuts down gracefully on SIGTERM; pass Ctrl-C and stop signals through to it.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
