// The machine's side of the cluster: Debian's packages, the user the servers run as, and waiting
// for what was started to answer.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { OpsError } from '../layout.mjs';
import { PG_BIN } from './settings.mjs';

/** Each program the cluster runs and the Debian package that installs it. */
const PROGRAMS = [
  { path: `${PG_BIN}/postgres`, debianPackage: 'postgresql-15' },
  { path: '/usr/sbin/pgbouncer', debianPackage: 'pgbouncer' },
  { path: '/usr/sbin/nginx', debianPackage: 'nginx' },
];

const isRoot = process.getuid?.() === 0;

/**
 * Installs what is missing with apt-get when root (as `pnpm test` does for Chromium); otherwise
 * stops naming the one command to run.
 * @param {(line: string) => void} log
 */
export function ensurePackages(log) {
  const missing = PROGRAMS.filter((program) => !fs.existsSync(program.path));
  if (!missing.length) return;
  const packages = missing.map((program) => program.debianPackage);
  const command = `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
  if (!isRoot) throw new OpsError(`The cluster needs ${packages.join(', ')}. Install them with:\n  ${command}`);
  log(`Installing Debian's ${packages.join(', ')} (apt-get)…`);
  // Debian starts a package's own service on install (nginx on port 80); the cluster runs its own.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) throw new OpsError(`apt-get ${args[0]} failed. Run:\n  ${command}`);
  }
}

/**
 * The user PostgreSQL and PgBouncer run as: both refuse root, so as root they run as Debian's
 * `postgres` user; otherwise as whoever runs the command.
 */
export const SERVICE_USER = isRoot ? 'postgres' : undefined;

/**
 * Runs a program as the service user, waiting for it; throws with its output when it fails.
 * @param {string} program
 * @param {string[]} args
 * @param {{ cwd?: string }} [options]
 */
export function runAsService(program, args, options = {}) {
  const [command, ...rest] = SERVICE_USER
    ? ['runuser', '-u', SERVICE_USER, '--', program, ...args]
    : [program, ...args];
  const result = spawnSync(command, rest, { encoding: 'utf8', cwd: options.cwd ?? '/' });
  if (result.status !== 0)
    throw new OpsError(`${program.split('/').pop()} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/**
 * A folder the service user owns (0700), created if needed.
 * @param {string} dir
 */
export function serviceFolder(dir) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (SERVICE_USER) spawnSync('chown', ['-R', `${SERVICE_USER}:`, dir]);
}

/**
 * A file the service user may write (a log), created if needed.
 * @param {string} file
 */
export function serviceFile(file) {
  fs.writeFileSync(file, '', { flag: 'a', mode: 0o600 });
  if (SERVICE_USER) spawnSync('chown', [`${SERVICE_USER}:`, file]);
}

/**
 * Whether something listens on 127.0.0.1:`port`.
 * @param {number} port
 */
export function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Waits until `check` holds, polling; throws naming `what` after `timeoutMs`.
 * @param {() => Promise<boolean>} check
 * @param {string} what
 */
export async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new OpsError(`Gave up waiting for ${what}.`);
}

/**
 * Whether `url` answers 200.
 * @param {string} url
 */
export async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The process whose id is in `file`, when it still runs.
 * @param {string} file
 * @returns {number | undefined}
 */
export function runningPid(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    // None, or removed by the process as it exits (nginx does, while it is being waited for).
    return undefined;
  }
  const pid = Number(text.trim().split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Sends `signal` to the process in `file` and waits until it is gone (SIGKILL after `graceMs`).
 * @param {string} file
 * @param {NodeJS.Signals} signal
 */
export async function stopPid(file, signal = 'SIGTERM', graceMs = 20_000) {
  const pid = runningPid(file);
  if (!pid) return;
  process.kill(pid, signal);
  const deadline = Date.now() + graceMs;
  while (runningPid(file)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
