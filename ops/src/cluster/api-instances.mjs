// The three API instances, each its own process (api/dist/main.js) with its own data folder and
// port, sharing the audit and mail keys (the same chain, the same sealed mail password).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../layout.mjs';
import { databaseUrl, RUNTIME_ROLE, under } from './settings.mjs';
import { answers, runningPid, stopPid, waitFor } from './system.mjs';

/** @typedef {import('./settings.mjs').Cluster} Cluster */

/** @param {Cluster} cluster @param {number} port */
export const instanceDir = (cluster, port) => under(cluster, `api-${port}`);
/** @param {Cluster} cluster @param {number} port */
const pidFile = (cluster, port) => path.join(instanceDir(cluster, port), 'api.pid');
/** @param {Cluster} cluster @param {number} port */
export const instanceLog = (cluster, port) => under(cluster, 'logs', `api-${port}.log`);

/**
 * The keys every instance must share, made once per cluster (0600).
 * @param {Cluster} cluster
 * @returns {{ AUDIT_KEY: string, MAIL_KEY: string }}
 */
function sharedKeys(cluster) {
  const file = under(cluster, 'keys.json');
  if (!fs.existsSync(file)) {
    const keys = { AUDIT_KEY: randomBytes(32).toString('hex'), MAIL_KEY: randomBytes(32).toString('base64') };
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The environment of an instance: the primary directly (writes, jobs, sessions, advisory locks),
 * the replica for reports, behind one proxy on this machine.
 * @param {Cluster} cluster
 * @param {number} port
 * @returns {NodeJS.ProcessEnv}
 */
export function instanceEnv(cluster, port) {
  return {
    ...process.env,
    ...sharedKeys(cluster),
    DATABASE_URL: databaseUrl(cluster.primaryPort),
    DATABASE_RUNTIME_URL: databaseUrl(cluster.primaryPort, RUNTIME_ROLE),
    REPLICA_URL: cluster.replicaPort === null ? '' : databaseUrl(cluster.replicaPort, RUNTIME_ROLE),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: instanceDir(cluster, port),
    HOST_DIST: path.join(REPO_ROOT, 'host/dist'),
    RELEASES_DIR: cluster.releasesDir,
    TRUSTED_PROXY_HOPS: '1',
    TRUSTED_PROXIES: 'loopback',
    ...(cluster.adminPassword ? { ADMIN_PASSWORD: cluster.adminPassword } : {}),
  };
}

/**
 * Starts the instance on `port` (unless it runs) and waits until it is ready.
 * @param {Cluster} cluster
 * @param {number} port
 */
export async function startInstance(cluster, port) {
  if (!runningPid(pidFile(cluster, port))) {
    fs.mkdirSync(instanceDir(cluster, port), { recursive: true, mode: 0o700 });
    fs.mkdirSync(path.dirname(instanceLog(cluster, port)), { recursive: true });
    const log = fs.openSync(instanceLog(cluster, port), 'a');
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'api/dist/main.js')], {
      cwd: REPO_ROOT,
      env: instanceEnv(cluster, port),
      stdio: ['ignore', log, log],
      detached: true,
    });
    fs.closeSync(log);
    fs.writeFileSync(pidFile(cluster, port), `${child.pid}\n`);
    child.unref();
  }
  await waitFor(
    async () => {
      if (!runningPid(pidFile(cluster, port)))
        throw new Error(`The instance on port ${port} stopped; see ${instanceLog(cluster, port)}.`);
      return answers(`http://127.0.0.1:${port}/api/ready`);
    },
    `the API instance on port ${port}`,
    120_000,
  );
}

/**
 * Stops the instance on `port`: SIGTERM lets it finish its requests and the job it runs.
 * @param {Cluster} cluster
 * @param {number} port
 * @param {NodeJS.Signals} [signal]
 */
export const stopInstance = (cluster, port, signal = 'SIGTERM') => stopPid(pidFile(cluster, port), signal, 60_000);

/** @param {Cluster} cluster @param {number} port */
export const instancePid = (cluster, port) => runningPid(pidFile(cluster, port));
